// META: global=window,worker
// Derived from web-platform-tests dom/events/EventTarget-addEventListener.any.js (behaviour re-written for taskhost).
// DOM §2.7 addEventListener(): callback conversion, duplicates, order; §2.9 "inner invoke":
// a function is called with `this` set to the event's currentTarget.
'use strict';

test(() => {
  const target = new EventTarget();
  assert_equals(target.addEventListener('test', null), undefined, 'null');
  assert_equals(target.addEventListener('test', undefined), undefined, 'undefined');
  assert_equals(target.addEventListener('test', null, { once: true }), undefined, 'null with options');
  assert_true(target.dispatchEvent(new Event('test')), 'dispatch with no listener');
}, 'Adding a null event listener should succeed');

test(() => {
  const target = new EventTarget();
  for (const bad of ['listener', 1, true, Symbol('x')]) {
    assert_throws_js(TypeError, () => target.addEventListener('test', bad), String(typeof bad));
  }
  assert_throws_js(TypeError, () => target.addEventListener('test'), 'one argument');
  assert_throws_js(TypeError, () => target.addEventListener(), 'no argument');
}, 'A callback that is not an object is a TypeError');

test(() => {
  const target = new EventTarget();
  const log = [];
  const a = () => log.push('a');
  const b = () => log.push('b');
  const c = () => log.push('c');
  target.addEventListener('test', b);
  target.addEventListener('test', a);
  target.addEventListener('test', c);
  target.addEventListener('test', b);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['b', 'a', 'c'], 'registration order; the duplicate b is ignored');
}, 'Listeners are called in the order they were added; duplicates are ignored');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('1', () => log.push('number type'));
  target.dispatchEvent(new Event(1));
  target.addEventListener('Test', () => log.push('Test'));
  target.dispatchEvent(new Event('test'));
  target.addEventListener(null, () => log.push('null'));
  target.dispatchEvent(new Event('null'));
  assert_array_equals(log, ['number type', 'null']);
}, 'The type is converted with ToString and compared case-sensitively');

test(() => {
  const target = new EventTarget();
  let thisValue = null;
  target.addEventListener('test', function () {
    thisValue = this;
  });
  target.dispatchEvent(new Event('test'));
  assert_equals(thisValue, target);
}, 'the this value of a listener function is the currentTarget');

test(() => {
  const target = new EventTarget();
  let args = null;
  target.addEventListener('test', function (...rest) {
    args = rest;
  });
  const event = new Event('test');
  target.dispatchEvent(event);
  assert_equals(args.length, 1);
  assert_equals(args[0], event);
}, 'a listener is called with the event as its only argument');

test(() => {
  const target = new EventTarget();
  const log = [];
  const fn = () => log.push('fn');
  const obj = { handleEvent: fn };
  // A function and an object whose handleEvent is that function are different callbacks.
  target.addEventListener('test', fn);
  target.addEventListener('test', obj);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['fn', 'fn']);
}, 'a function and a handleEvent object wrapping it are distinct listeners');

test(() => {
  const target = new EventTarget();
  const seen = [];
  target.addEventListener('test', () => seen.push('first listener'));
  const first = new Event('test');
  target.dispatchEvent(first);
  const second = new Event('other');
  target.dispatchEvent(second);
  assert_array_equals(seen, ['first listener']);
  assert_equals(second.target, target, 'target is set even without listeners');
}, 'a listener is only called for its type');

test(() => {
  const target = new EventTarget();
  let value = 'unset';
  const returned = target.addEventListener('test', () => { value = 'set'; }, true);
  assert_equals(returned, undefined);
  target.dispatchEvent(new Event('test'));
  assert_equals(value, 'set');
  // A listener's return value does not cancel the event (that is only for event handlers).
  const t2 = new EventTarget();
  t2.addEventListener('test', () => false);
  const event = new Event('test', { cancelable: true });
  assert_true(t2.dispatchEvent(event));
  assert_false(event.defaultPrevented);
}, 'a listener\'s return value is ignored');

test((t) => {
  const { addEventListener, removeEventListener, dispatchEvent } = EventTarget.prototype;
  let calls = 0;
  const listener = () => calls++;
  // WebIDL: an operation called with an undefined this value uses the global object, which is
  // an EventTarget.
  addEventListener('taskhost-undefined-this', listener);
  t.add_cleanup(() => removeEventListener('taskhost-undefined-this', listener));
  self.dispatchEvent(new Event('taskhost-undefined-this'));
  dispatchEvent(new Event('taskhost-undefined-this'));
  assert_equals(calls, 2);
}, 'EventTarget methods called with an undefined this value use the global object');
