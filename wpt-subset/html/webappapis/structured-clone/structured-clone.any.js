// META: global=window,worker
// Derived from web-platform-tests html/webappapis/structured-clone/structured-clone.any.js and
// its structured-clone-battery-of-tests*.js (behaviour re-written for taskhost). HTML §2.7:
// structuredClone() of each serializable type, transfers and DataCloneErrors.
'use strict';

const roundTrip = (value, transfer) => structuredClone(value, transfer && { transfer });

test(() => {
  for (const v of [undefined, null, true, '', '\ud800', '\udbff\udffd', 0.5, NaN, Infinity, 2 ** 53 + 2, 0n, -(10n ** 30n)]) {
    assert_equals(roundTrip(v), v, String(v));
  }
  assert_true(Object.is(roundTrip(-0), -0), '-0');
}, 'primitives');

test(() => {
  for (const [v, tag] of [[new Boolean(true), 'Boolean'], [new Number(-0), 'Number'], [new String('\udc00'), 'String'], [Object(3n), 'BigInt']]) {
    const c = roundTrip(v);
    assert_not_equals(c, v);
    assert_equals(Object.prototype.toString.call(c), `[object ${tag}]`);
    assert_true(Object.is(c.valueOf(), v.valueOf()), tag);
  }
}, 'primitive wrapper objects');

test(() => {
  const d = new Date(8.64e15);
  assert_equals(roundTrip(d).getTime(), d.getTime());
  const r = /x\/y\n/gimsuy;
  r.lastIndex = 4;
  const c = roundTrip(r);
  assert_equals(c.source, r.source);
  assert_equals(c.flags, r.flags);
  assert_equals(c.lastIndex, 0, 'lastIndex is not kept');
  assert_equals(roundTrip(new RegExp('')).source, '(?:)');
}, 'Date and RegExp');

test(() => {
  for (const E of [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError]) {
    const e = new E('message', { cause: 'cause' });
    e.custom = 1;
    const c = roundTrip(e);
    assert_equals(Object.getPrototypeOf(c), E.prototype, E.name);
    assert_equals(c.message, 'message');
    assert_equals(c.cause, 'cause');
    assert_false('custom' in c);
  }
  assert_false(roundTrip(new Error()).hasOwnProperty('message'), 'no message');
  const renamed = new TypeError('m');
  renamed.name = 'Other';
  assert_equals(Object.getPrototypeOf(roundTrip(renamed)), Error.prototype, 'an unknown name is Error');
}, 'Error objects');

test(() => {
  const buffer = new ArrayBuffer(8, { maxByteLength: 32 });
  new Uint8Array(buffer).set([1, 2, 3]);
  const c = roundTrip({ buffer, tracking: new Uint8Array(buffer, 1), fixed: new Uint16Array(buffer, 2, 2), view: new DataView(buffer, 4) });
  assert_true(c.buffer.resizable);
  assert_equals(c.buffer.maxByteLength, 32);
  assert_equals(c.tracking.buffer, c.buffer, 'views share the cloned buffer');
  assert_array_equals(Array.from(c.tracking.subarray(0, 2)), [2, 3]);
  c.buffer.resize(16);
  assert_equals(c.tracking.length, 15, 'a length-tracking view still tracks');
  assert_equals(c.fixed.length, 2);
  assert_equals(c.view.byteLength, 12);
}, 'ArrayBuffers and views');

test(() => {
  const shared = { n: 1 };
  const blob = new Blob(['b']);
  const c = roundTrip({ map: new Map([[shared, blob], ['d', new DOMException('m', 'AbortError')]]), set: new Set([shared]), shared });
  const [key] = c.map.keys();
  assert_equals(key, c.shared, 'shared references stay shared');
  assert_true(c.map.get(key) instanceof Blob, 'a Blob inside a Map');
  assert_equals(c.map.get('d').name, 'AbortError', 'a DOMException inside a Map');
  assert_true(c.set.has(c.shared));
}, 'Map and Set entries go through the same serializer');

test(() => {
  const sparse = [];
  sparse[3] = 'x';
  sparse.extra = 'y';
  const c = roundTrip(sparse);
  assert_equals(c.length, 4);
  assert_false(0 in c);
  assert_equals(c.extra, 'y');
  const cyclic = {};
  cyclic.self = cyclic;
  const cycle = roundTrip(cyclic);
  assert_equals(cycle.self, cycle, 'a cycle');
  const proto = Object.create({ inherited: 1 });
  Object.defineProperty(proto, 'hidden', { value: 1, enumerable: false });
  proto.own = 1;
  assert_array_equals(Object.keys(roundTrip(proto)), ['own']);
  const order = [];
  roundTrip({ get a() { order.push('a'); return 1; }, get b() { order.push('b'); return 2; } });
  assert_array_equals(order, ['a', 'b'], 'getters in order');
}, 'arrays and objects');

promise_test(async () => {
  const file = new File(['abc'], 'f.txt', { type: 'text/plain', lastModified: 7 });
  const c = roundTrip([file, new Blob(['xyz'], { type: 'a/b' })]);
  assert_equals(Object.getPrototypeOf(c[0]), File.prototype);
  assert_equals(c[0].name, 'f.txt');
  assert_equals(c[0].lastModified, 7);
  assert_equals(await c[0].text(), 'abc');
  assert_equals(c[1].type, 'a/b');
  assert_equals(await c[1].text(), 'xyz');
  class Sub extends File {}
  assert_equals(Object.getPrototypeOf(roundTrip(new Sub([], 's'))), File.prototype, 'a subclass comes back as File');
}, 'Blob and File');

test(() => {
  const { port1 } = new MessageChannel();
  const buffer = new ArrayBuffer(4);
  const c = roundTrip({ port1, buffer }, [port1, buffer]);
  assert_true(c.port1 instanceof MessagePort);
  assert_equals(buffer.byteLength, 0, 'detached');
  assert_equals(c.buffer.byteLength, 4);
  assert_throws_dom('DataCloneError', () => roundTrip(buffer, [buffer]), 'a detached buffer');
  assert_throws_dom('DataCloneError', () => roundTrip(port1, [port1]), 'a detached port');
  const again = new ArrayBuffer(1);
  assert_throws_dom('DataCloneError', () => roundTrip(again, [again, again]), 'duplicated');
  assert_throws_dom('DataCloneError', () => roundTrip(null, [new Blob()]), 'not transferable');
  assert_throws_dom('DataCloneError', () => roundTrip(new MessageChannel().port1), 'a port that is not transferred');
}, 'transfer');

test(() => {
  for (const v of [Symbol(), () => {}, new WeakMap(), new Proxy({}, {}), Promise.resolve(), new EventTarget()]) {
    assert_throws_dom('DataCloneError', () => roundTrip(v), Object.prototype.toString.call(v));
  }
  const buffer = new ArrayBuffer(8, { maxByteLength: 8 });
  const view = new Uint8Array(buffer, 4, 2);
  buffer.resize(4);
  assert_throws_dom('DataCloneError', () => roundTrip(view), 'an out-of-bounds view');
  const thrown = new Error('mine');
  assert_throws_exactly(thrown, () => roundTrip({ get x() { throw thrown; } }), "a getter's exception");
}, 'what cannot be cloned');
