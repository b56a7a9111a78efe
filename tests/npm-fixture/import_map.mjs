// nanoid through an import map (tests/npm-fixture/importmap.json): a name of the map's own,
// and a prefix key that reaches a file the package's "exports" does not list.
import { nanoid } from 'ids';
import { urlAlphabet } from 'nanoid/url-alphabet/index.js';

console.log('ids:', nanoid(10).length, urlAlphabet.length);
const base = import.meta.url.slice(0, import.meta.url.lastIndexOf('/') + 1);
console.log('resolve ids:', import.meta.resolve('ids').replace(base, './'));
// The map wins over node_modules (whose "exports" would give index.browser.js).
console.log('resolve nanoid:', import.meta.resolve('nanoid').replace(base, './'));
