// structuredClone of every type HTML's StructuredSerializeInternal names, and its errors.
const show = (v) => Object.prototype.toString.call(v);
// Primitive wrappers become new wrappers of the same value.
for (const v of [new Boolean(false), new Number(-0), new String('\ud800x'), Object(-12n)]) {
  const c = structuredClone(v);
  console.log(show(c), c !== v, Object.is(c.valueOf(), v.valueOf()));
}
console.log(Object.is(structuredClone(-0), -0), Number.isNaN(structuredClone(NaN)), structuredClone(-(2n ** 70n)));
// Date; RegExp without lastIndex, same source and flags.
console.log(structuredClone(new Date(-8.64e15)).getTime(), Number.isNaN(structuredClone(new Date(NaN)).getTime()));
for (const r of [/a\/b/gimsuy, new RegExp('/'), new RegExp('\n'), new RegExp(''), /[/]\//d]) {
  r.lastIndex = 3;
  const c = structuredClone(r);
  console.log(c.source === r.source, c.flags === r.flags, c.lastIndex, c.test('x/y') === new RegExp(r.source, r.flags).test('x/y'));
}
// Errors: a standard name (others become "Error"), an own data message, a cause; nothing else.
const e = new RangeError('out', { cause: { why: 'reason' } });
e.extra = 1;
const ce = structuredClone(e);
console.log(ce.constructor.name, ce.message, ce.cause.why, ce.extra, Object.getOwnPropertyNames(ce).join());
const named = new Error('m'); named.name = 'CustomError';
console.log(structuredClone(named).name, Object.getOwnPropertyNames(structuredClone(new Error())).length);
const accessor = new TypeError(); Object.defineProperty(accessor, 'message', { get() { return 'g'; } });
console.log('message' in structuredClone(accessor) && structuredClone(accessor).hasOwnProperty('message'));
// Maps and Sets: entries serialized by the same serializer (Blobs, DOMExceptions, shared refs).
const inner = { n: 1 };
const m = structuredClone(new Map([[inner, new Blob(['xy'])], ['e', new DOMException('d', 'AbortError')], ['self', inner]]));
const [k] = m.keys();
console.log(m.get(k) instanceof Blob, m.get(k).size, m.get('e').name, m.get('self') === k);
const s = structuredClone(new Set([inner, inner, new File([], 'f')]));
console.log(s.size, [...s][1] instanceof File);
// Buffers and views: resizable buffers keep maxByteLength, length-tracking views keep tracking.
const rab = new ArrayBuffer(8, { maxByteLength: 16 });
const views = structuredClone({ a: new Uint16Array(rab, 2), b: new DataView(rab), c: new Int8Array(rab, 1, 2) });
console.log(views.a.buffer === views.b.buffer, views.a.buffer.resizable, views.a.buffer.maxByteLength, views.a.length, views.c.length);
views.a.buffer.resize(16);
console.log(views.a.length, views.b.byteLength, views.c.length);
const grow = new ArrayBuffer(4, { maxByteLength: 8 });
const moved = structuredClone(new Float64Array(grow, 0), { transfer: [grow] });
console.log(grow.byteLength, moved.buffer.maxByteLength, moved.length);
// Arrays: sparse, non-index properties; objects: own enumerable properties, getters in order.
const sparse = [, 1]; sparse.length = 5; sparse.label = 'l';
const cs = structuredClone(sparse);
console.log(cs.length, 0 in cs, cs[1], cs.label);
const order = [];
const getters = structuredClone({ get a() { order.push('a'); delete this.b; return 1; }, b: 2, get c() { order.push('c'); return 3; } });
console.log(order.join(), JSON.stringify(getters));
const proto = structuredClone(Object.prototype);
console.log(Object.getPrototypeOf(proto) === Object.prototype, Object.setPrototypeOf(proto, null) === proto);
// Errors: a DataCloneError DOMException of this realm, or the getter's own exception.
const errors = [Symbol('s'), function f() {}, new WeakMap(), new WeakSet(), Promise.resolve(), new Proxy({}, {}),
  new Proxy([], {}), new Response(), new MessageChannel().port1, new EventTarget(), Object(Symbol()),
  (function () { return arguments; })()];
for (const v of errors) {
  try { structuredClone(v); console.log('cloned', show(v)); } catch (err) { console.log(show(v), err.name, err instanceof DOMException); }
}
const thrown = new Error('from a getter');
try { structuredClone({ get x() { throw thrown; } }); } catch (err) { console.log(err === thrown); }
// Transfer: detaching; detached, duplicated and non-transferable entries are DataCloneErrors.
const ab = new ArrayBuffer(4);
const { port1 } = new MessageChannel();
const out = structuredClone({ ab, port1 }, { transfer: [port1, ab] });
console.log(ab.byteLength, out.ab.byteLength, out.port1 instanceof MessagePort, out.port1 !== port1);
for (const transfer of [[ab], [port1], [new Blob()], [out.ab, out.ab], [new SharedArrayBuffer(1)]]) {
  try { structuredClone(null, { transfer }); console.log('transferred'); } catch (err) { console.log(err.name + ': ' + err.message); }
}
try { structuredClone(new SharedArrayBuffer(1)); } catch (err) { console.log(err.name); }
const oob = new ArrayBuffer(8, { maxByteLength: 8 });
const oobView = new DataView(oob, 4);
oob.resize(2);
try { structuredClone(oobView); } catch (err) { console.log(err.name + ': ' + err.message); }
// A failed transfer leaves nothing transferred when the value itself cannot be serialized.
const kept = new ArrayBuffer(2);
try { structuredClone({ kept, f() {} }, { transfer: [kept] }); } catch (err) { console.log(err.name, kept.byteLength); }
