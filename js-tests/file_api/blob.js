// Blob (File API §3): parts, type, endings, size, slice() clamping, and the read methods.
const parts = ['héllo', new Uint8Array([33, 10]), new DataView(new Uint8Array([1, 2, 3, 4]).buffer, 1, 2),
  new Uint8Array([9, 9]).buffer, new Blob(['<b>'])];
const b = new Blob(parts, { type: 'Text/HTML;Charset=UTF-8' });
console.log(b.size, JSON.stringify(b.type), Object.prototype.toString.call(b));
console.log(new Blob().size, JSON.stringify(new Blob().type), new Blob([], { type: 'a\u00e9' }).type === '');
console.log(new Blob(['x'], { type: 'a\u0019b' }).type === '', new Blob([12, null, {}]).size);
// endings: "native" converts CR LF and lone CR to LF (this platform's line ending).
const native = new Blob(['a\r\nb\rc\n'], { endings: 'native' });
const transparent = new Blob(['a\r\nb\rc\n'], { endings: 'transparent' });
console.log(native.size, transparent.size);
for (const bad of [{ endings: 'crlf' }, 5]) {
  try { new Blob([], bad); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
}
for (const bad of [5, { length: 1 }]) {
  try { new Blob(bad); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
}
try { Blob(); } catch (e) { console.log(e.constructor.name); }
// slice(): negative positions count from the end, start past end gives an empty Blob.
const abc = new Blob(['abcdef']);
const cases = [[], [2], [-2], [1, -1], [4, 2], [-100, 100], [NaN, Infinity], [1.5, 3.5]];
const sliced = cases.map((args) => abc.slice(...args));
console.log(sliced.map((s) => s.size).join(' '));
console.log(JSON.stringify(abc.slice(0, 1, 'Image/PNG').type), JSON.stringify(abc.slice(0, 1).type));
// The read methods settle in a later task (the file reading task source), never in the
// microtasks of the current task.
const order = [];
abc.slice(1, -1).text().then((t) => order.push('text ' + t));
let p = Promise.resolve();
for (let i = 0; i < 50; i++) p = p.then(() => {});
p.then(() => order.push('50 microtasks'));
Promise.all([
  b.text(),
  b.arrayBuffer(),
  b.bytes(),
  new Blob([new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xff])]).text(),
]).then(([text, buffer, bytes, bomText]) => {
  console.log(order.join(', '));
  console.log(JSON.stringify(text));
  console.log(buffer.constructor.name, buffer.byteLength, bytes.constructor.name, Array.from(bytes.slice(0, 3)).join());
  console.log(JSON.stringify(bomText));
});
// A subclass keeps its prototype; methods check their receiver.
class MyBlob extends Blob {}
const mine = new MyBlob(['1']);
console.log(mine instanceof MyBlob, mine.size);
try { Blob.prototype.slice.call({}); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
console.log(typeof Blob.prototype.stream);
