// flags: --virtual-time
// explore: skip: it prints how late a timer ran, which timer padding and idle periods, the user agent's choices, change.
// An ES module (by its .mjs extension): imports relative to the file, JSON modules, dynamic
// import, and top-level await on a timer.
import { greet } from './lib/greet.mjs';
import data from './lib/data.json' with { type: 'json' };
import * as again from './lib/greet.mjs';

console.log(greet('module'), data.answer, again.greet === greet);
const started = performance.now();
await new Promise((resolve) => setTimeout(resolve, 50));
console.log('top-level await resumed after', performance.now() - started, 'ms');
const dynamic = await import('./lib/greet.mjs');
console.log('dynamic import gives the same module:', dynamic.greet === greet);
try {
  await import('left-pad');
} catch (e) {
  const dir = decodeURIComponent(import.meta.url.slice('file://'.length, import.meta.url.lastIndexOf('/')));
  console.log(e.name + ': ' + e.message.replaceAll(dir, '$DIR'));
}
try {
  await import('./lib/missing.mjs');
} catch (e) {
  console.log('missing module:', e.name);
}
// import.meta: the module's file URL, and resolve() against it.
console.log('import.meta.url ends with:', import.meta.url.startsWith('file:///') && import.meta.url.endsWith('/js-tests/runtime/modules/main.mjs'));
console.log('import.meta.resolve:', import.meta.resolve('./lib/greet.mjs') === import.meta.url.replace('main.mjs', 'lib/greet.mjs'));
// import.meta.resolve is a built-in function named "resolve" of length 1, not a constructor.
const { resolve } = import.meta;
console.log('import.meta.resolve function:', resolve.name, resolve.length, 'prototype' in resolve, Object.keys(import.meta).join(','));
try {
  new resolve('./lib/greet.mjs');
} catch (e) {
  console.log('new import.meta.resolve:', e.name);
}
