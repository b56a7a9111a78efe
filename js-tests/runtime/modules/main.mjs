// flags: --virtual-time
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
  console.log(e.name + ': ' + e.message);
}
try {
  await import('./lib/missing.mjs');
} catch (e) {
  console.log('missing module:', e.name);
}
