// META: global=window,worker
// taskhost's own test (no upstream counterpart): MessagePort postMessage(message, transfer)
// with HTML §2.7 StructuredSerializeWithTransfer: values that cannot be cloned throw a
// DataCloneError DOMException synchronously and send nothing; clones keep shape, cycles and
// shared references; transferred ArrayBuffers are detached.
'use strict';

// Posts each value through a fresh channel and resolves with the received data.
function roundTrip(value, transfer) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port2.onmessage = (e) => {
      channel.port2.close();
      resolve(e.data);
    };
    channel.port1.postMessage(value, transfer);
  });
}

test(() => {
  const channel = new MessageChannel();
  const cases = [
    ['a function', () => {}],
    ['a symbol', Symbol('s')],
    ['an object holding a function', { f() {} }],
    ['an array holding a symbol', [1, Symbol('s')]],
    ['an EventTarget', new EventTarget()],
    ['an AbortSignal', new AbortController().signal],
  ];
  for (const [label, value] of cases) {
    assert_throws_dom('DataCloneError', () => channel.port1.postMessage(value), label);
  }
  channel.port1.close();
}, 'Values that cannot be serialized throw a DataCloneError');

async_test((t) => {
  const channel = new MessageChannel();
  const received = [];
  channel.port2.onmessage = t.step_func((e) => {
    received.push(e.data);
    if (e.data === 'last') {
      assert_array_equals(received, ['first', 'last'], 'the failed message was not sent');
      channel.port2.close();
      t.done();
    }
  });
  channel.port1.postMessage('first');
  assert_throws_dom('DataCloneError', () => channel.port1.postMessage({ bad: () => {} }));
  channel.port1.postMessage('last');
}, 'A message that fails to serialize is not sent');

promise_test(async () => {
  const shared = { shared: true };
  const original = { a: shared, b: shared, list: [1, , 3], date: new Date(0), re: /x/gi,
    map: new Map([[1, 'one']]), set: new Set(['s']), nested: { deep: ['x'] } };
  original.self = original;
  const clone = await roundTrip(original);
  assert_not_equals(clone, original);
  assert_equals(clone.self, clone, 'cycles are preserved');
  assert_equals(clone.a, clone.b, 'shared references are preserved');
  assert_not_equals(clone.a, shared);
  assert_equals(clone.list.length, 3);
  assert_false(1 in clone.list, 'holes are preserved');
  assert_true(clone.date instanceof Date);
  assert_equals(clone.date.getTime(), 0);
  assert_true(clone.re instanceof RegExp);
  assert_equals(clone.re.source, 'x');
  assert_equals(clone.re.flags, 'gi');
  assert_equals(clone.map.get(1), 'one');
  assert_true(clone.set.has('s'));
  assert_array_equals(clone.nested.deep, ['x']);
}, 'Objects are cloned with their structure');

promise_test(async () => {
  for (const value of [0, -0, NaN, 'str', true, null, undefined, 10n]) {
    const clone = await roundTrip(value);
    assert_equals(clone, value, String(value));
  }
}, 'Primitives are cloned as they are');

promise_test(async () => {
  const error = new RangeError('out of range');
  const clone = await roundTrip(error);
  assert_true(clone instanceof RangeError, 'a RangeError');
  assert_equals(clone.message, 'out of range');
  const exception = new DOMException('dom message', 'AbortError');
  const domClone = await roundTrip(exception);
  assert_true(domClone instanceof DOMException, 'a DOMException');
  assert_equals(domClone.name, 'AbortError');
  assert_equals(domClone.message, 'dom message');
  assert_equals(domClone.code, 20);
}, 'Errors and DOMExceptions are cloned');

promise_test(async () => {
  const buffer = new Uint8Array([1, 2, 3]).buffer;
  const clone = await roundTrip(buffer, [buffer]);
  assert_equals(buffer.byteLength, 0, 'the original is detached');
  assert_array_equals(Array.from(new Uint8Array(clone)), [1, 2, 3]);
  const buffer2 = new Uint8Array([4]).buffer;
  const clone2 = await roundTrip({ buffer: buffer2 }, { transfer: [buffer2] });
  assert_equals(buffer2.byteLength, 0, 'detached through the options form');
  assert_array_equals(Array.from(new Uint8Array(clone2.buffer)), [4]);
  const copied = new Uint8Array([5]).buffer;
  const clone3 = await roundTrip(copied);
  assert_equals(copied.byteLength, 1, 'not detached without transfer');
  assert_not_equals(clone3, copied);
}, 'ArrayBuffers in the transfer list are transferred');

test(() => {
  const channel = new MessageChannel();
  const buffer = new ArrayBuffer(4);
  assert_throws_dom('DataCloneError', () => channel.port1.postMessage(buffer, [buffer, buffer]),
    'the same buffer twice');
  assert_equals(buffer.byteLength, 4, 'nothing was detached');
  assert_throws_dom('DataCloneError', () => channel.port1.postMessage(null, [channel.port1]),
    'the source port itself');
  assert_throws_dom('DataCloneError', () => channel.port1.postMessage(null, [{}]), 'not transferable');
  assert_throws_js(TypeError, () => channel.port1.postMessage(null, 5), 'not a sequence');
  // sequence<object>: a primitive fails the conversion, before anything is serialized.
  assert_throws_js(TypeError, () => channel.port1.postMessage(null, [5]), 'a number in the list');
  assert_throws_js(TypeError, () => structuredClone(1, { transfer: ['x'] }), 'a string in the list');
  channel.port1.close();
}, 'Invalid transfer lists');

test(() => {
  const value = { list: [1, { x: 2 }] };
  const clone = structuredClone(value);
  assert_not_equals(clone, value);
  assert_equals(clone.list[1].x, 2);
  assert_throws_dom('DataCloneError', () => structuredClone(() => {}));
  const buffer = new ArrayBuffer(2);
  const moved = structuredClone(buffer, { transfer: [buffer] });
  assert_equals(buffer.byteLength, 0);
  assert_equals(moved.byteLength, 2);
}, 'structuredClone() uses the same algorithm');
