// META: global=window,worker
// Derived from web-platform-tests dom/events/CustomEvent.any.js (behaviour re-written for taskhost).
// DOM §2.4 CustomEvent: detail, initCustomEvent().
'use strict';

test(() => {
  const target = new EventTarget();
  const detail = { payload: [1, 2, 3] };
  let received = null;
  target.addEventListener('custom', (e) => { received = e.detail; });
  target.dispatchEvent(new CustomEvent('custom', { detail }));
  assert_equals(received, detail, 'the same object reaches the listener');
}, 'CustomEvent carries its detail to listeners');

test(() => {
  const e = new CustomEvent('test');
  assert_equals(e.detail, null);
  e.initCustomEvent('changed', true, true, { d: 1 });
  assert_equals(e.type, 'changed');
  assert_true(e.bubbles);
  assert_true(e.cancelable);
  assert_equals(e.detail.d, 1);
  e.initCustomEvent('again');
  assert_false(e.bubbles, 'bubbles defaults to false');
  assert_false(e.cancelable, 'cancelable defaults to false');
  assert_equals(e.detail, null, 'detail defaults to null');
  assert_throws_js(TypeError, () => e.initCustomEvent(), 'the type is required');
}, 'initCustomEvent() sets type, bubbles, cancelable and detail');

test(() => {
  const target = new EventTarget();
  const e = new CustomEvent('test', { detail: 'original' });
  target.addEventListener('test', (ev) => ev.initCustomEvent('x', true, true, 'changed'));
  target.dispatchEvent(e);
  assert_equals(e.type, 'test');
  assert_equals(e.detail, 'original');
}, 'initCustomEvent() while dispatching does nothing');

test(() => {
  const e = new CustomEvent('test', { detail: 1 });
  assert_throws_js(TypeError, () => { e.detail = 2; }, 'a read-only attribute (strict code)');
  assert_equals(e.detail, 1);
  assert_equals(Object.getPrototypeOf(CustomEvent.prototype), Event.prototype);
  assert_equals(Object.getPrototypeOf(CustomEvent), Event);
  assert_equals(Object.prototype.toString.call(e), '[object CustomEvent]');
}, 'CustomEvent interface shape');

test(() => {
  const getter = Object.getOwnPropertyDescriptor(CustomEvent.prototype, 'detail').get;
  assert_throws_js(TypeError, () => getter.call(new Event('x')), 'a plain Event');
  assert_throws_js(TypeError, () => CustomEvent.prototype.initCustomEvent.call(new Event('x'), 'y'));
}, 'CustomEvent members check their this value');
