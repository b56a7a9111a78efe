// Packages in node_modules: "exports" with conditions and subpaths, a scoped package, the
// "module" field, an ES module found by its syntax, and the errors for CommonJS files,
// missing packages and subpaths a package does not export.
import { name, feature } from '@scope/esm-pkg';
import { feature as direct } from '@scope/esm-pkg/feature';
import { name as fromHelper } from './src/helper.mjs';
import moduleField from 'module-field';
import { detected } from 'no-type-esm';
import restricted from 'restricted';

const dir = import.meta.url.slice('file://'.length, import.meta.url.lastIndexOf('/'));
const shown = (message) => message.replaceAll(decodeURIComponent(dir), '$DIR');

console.log(name, '|', feature, '|', direct === feature, fromHelper === name);
console.log(moduleField, '|', detected, '|', restricted);
console.log(import.meta.resolve('@scope/esm-pkg').endsWith('/node_modules/@scope/esm-pkg/index.js'));
for (const specifier of ['cjs-pkg', '@scope/esm-pkg/index.cjs', 'restricted/internal.js', 'not-installed', '@scope/not-installed/x']) {
  try {
    await import(specifier);
    console.log(specifier, 'loaded');
  } catch (e) {
    console.log(`${specifier}: ${e.name}: ${shown(e.message)}`);
  }
}
