// structuredClone: the same serialization as postMessage.
const source = { s: 'str', n: 1.5, b: true, nul: null, u: undefined, big: 10n, arr: [1, , 3], nested: { deep: [{ x: 1 }] } };
const c = structuredClone(source);
console.log(JSON.stringify(c, (k, v) => (typeof v === 'bigint' ? v + 'n' : v)), c !== source, c.nested.deep[0] !== source.nested.deep[0]);
console.log('u' in c, c.arr.length, 1 in c.arr);
const shared = { v: 1 };
const twice = structuredClone({ a: shared, b: shared });
console.log('shared references stay shared:', twice.a === twice.b);
const cyc = []; cyc.push(cyc);
const cc = structuredClone(cyc);
console.log('cycles:', cc[0] === cc);
const d = structuredClone(new Date(86400000));
console.log(d instanceof Date, d.getTime());
const re = structuredClone(/ab+c/gi);
console.log(re instanceof RegExp, re.source, re.flags);
const m = structuredClone(new Map([['k', 1]]));
const st = structuredClone(new Set([1, 2]));
console.log(m.get('k'), st.has(2), st.size);
const u8 = structuredClone(new Uint8Array([1, 2, 3]));
console.log(u8 instanceof Uint8Array, Array.from(u8).join());
for (const E of [Error, TypeError, RangeError, SyntaxError]) {
  const e = structuredClone(new E('msg'));
  console.log(e.constructor.name, e.message, e instanceof E);
}
const dx = structuredClone(new DOMException('dm', 'DataCloneError'));
console.log(dx instanceof DOMException, dx.name, dx.message, dx.code);
// Transferring an ArrayBuffer detaches it.
const buf = new ArrayBuffer(8);
const moved = structuredClone(buf, { transfer: [buf] });
console.log(moved.byteLength, buf.byteLength);
for (const v of [() => {}, Symbol('x'), new EventTarget(), { f() {} }]) {
  try { structuredClone(v); console.log('no error'); } catch (e) { console.log(e.name, e instanceof DOMException); }
}
try { structuredClone(); } catch (e) { console.log(e.message); }
// Nesting deeper than the runtime's recursion limit is a RangeError, not a crash.
const deep = []; let cur = deep; for (let i = 0; i < 20000; i++) { const n = []; cur.push(n); cur = n; }
try { structuredClone(deep); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
