// flags: --import-map js-tests/runtime/modules/import_map.json
// An import map: a bare specifier, a prefix key ending in "/", a scope that remaps a
// specifier for the modules under it, and entries that block a specifier.
import { greet } from 'greet';
import data from 'lib/data.json' with { type: 'json' };
import * as viaPrefix from 'lib/greet.mjs';
import { feature } from '@scope/esm-pkg';
import { name } from './packages/src/helper.mjs';

const base = import.meta.url.slice(0, import.meta.url.lastIndexOf('/') + 1);
console.log(greet('an import map'), data.answer, viaPrefix.greet === greet);
// Outside the scope the map sends @scope/esm-pkg to feature.js; inside it, to index.js.
console.log(feature, '|', name);
console.log(import.meta.resolve('greet').replace(base, './'));
console.log(import.meta.resolve('lib/x/y.js').replace(base, './'));
for (const specifier of ['blocked', 'not-a-string', 'lib/../../escape.js']) {
  try {
    await import(specifier);
  } catch (e) {
    console.log(`${specifier}: ${e.name}: ${e.message.slice(e.message.indexOf(': ') + 2)}`);
  }
}
