// nanoid from node_modules: its package.json "exports" gives the "browser" file for "." and
// the "./non-secure" subpath; other files are not exported.
import { urlAlphabet, customAlphabet as secureAlphabet } from 'nanoid';
import { nanoid, customAlphabet } from 'nanoid/non-secure';

console.log('urlAlphabet:', urlAlphabet.length, 'symbols');
console.log('secure customAlphabet:', typeof secureAlphabet);
const id = nanoid();
console.log('nanoid():', id.length, [...id].every((c) => urlAlphabet.includes(c)));
console.log('customAlphabet:', /^[0-9a-f]{8}$/.test(customAlphabet('0123456789abcdef', 8)()));
const base = import.meta.url.slice(0, import.meta.url.lastIndexOf('/') + 1);
console.log('resolve nanoid:', import.meta.resolve('nanoid').replace(base, './'));
console.log('resolve nanoid/non-secure:', import.meta.resolve('nanoid/non-secure').replace(base, './'));
try {
  await import('nanoid/url-alphabet/index.js');
} catch (e) {
  console.log('not exported:', e.name, e.message.includes('exports no "./url-alphabet/index.js"'));
}
