// crypto.getRandomValues() and crypto.randomUUID() (Web Cryptography API §10); cases in the
// spirit of the upstream WebCryptoAPI/getRandomValues.any.js and randomUUID.https.any.js.
console.log(typeof Crypto, String(crypto), crypto === globalThis.crypto, crypto instanceof Crypto);
try { new Crypto(); } catch (e) { console.log('new Crypto():', e.name); }
// Every integer typed array kind is filled in place and returned.
for (const T of [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array,
                 Uint32Array, BigInt64Array, BigUint64Array]) {
  const a = new T(64);
  const r = crypto.getRandomValues(a);
  // 64 elements all zero after filling has probability 2^-512.
  console.log(T.name, r === a, a.some((x) => x != 0));
}
// Only the view's own bytes change.
const buffer = new Uint8Array(32);
crypto.getRandomValues(new Uint8Array(buffer.buffer, 8, 16));
console.log('outside the view untouched:', buffer.slice(0, 8).every((x) => x === 0),
  buffer.slice(24).every((x) => x === 0), 'inside filled:', buffer.slice(8, 24).some((x) => x !== 0));
// A view on a SharedArrayBuffer is filled too.
const shared = new Uint32Array(new SharedArrayBuffer(64), 16, 8);
crypto.getRandomValues(shared);
console.log('shared filled:', shared.some((x) => x !== 0), new Uint8Array(shared.buffer, 0, 16).every((x) => x === 0));
// Float arrays and DataView: TypeMismatchError; not a view: TypeError.
for (const v of [new Float32Array(4), new Float64Array(4), new DataView(new ArrayBuffer(4))]) {
  try { crypto.getRandomValues(v); } catch (e) { console.log(v.constructor.name, e instanceof DOMException, e.name, e.code); }
}
for (const v of [{}, new ArrayBuffer(4), [1, 2], 7]) {
  try { crypto.getRandomValues(v); } catch (e) { console.log(e.name, e.message); }
}
try { crypto.getRandomValues(); } catch (e) { console.log(e.name, e.message); }
// 65536 bytes is the limit; one element more is a QuotaExceededError.
console.log(crypto.getRandomValues(new Uint8Array(65536)).length, crypto.getRandomValues(new Uint32Array(16384)).length);
for (const v of [new Uint8Array(65537), new Uint32Array(16385)]) {
  try { crypto.getRandomValues(v); } catch (e) { console.log(v.constructor.name, e.name, e.code); }
}
// The brand check.
try { Crypto.prototype.getRandomValues.call({}, new Uint8Array(1)); } catch (e) { console.log(e.message); }
// randomUUID: version 4, variant 10, lowercase, and different every time.
const re = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const seen = new Set();
let wellFormed = true;
for (let i = 0; i < 500; i++) {
  const id = crypto.randomUUID();
  wellFormed &&= re.test(id);
  seen.add(id);
}
console.log('randomUUID well formed:', wellFormed, 'distinct:', seen.size);
const d = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
console.log(typeof d.get, d.set, d.enumerable, d.configurable);
