// META: global=window,worker
// Derived from web-platform-tests html/webappapis/scripting/processing-model-2/unhandled-promise-rejections/promise-rejection-event-constructor.html
// (behaviour re-written for taskhost).
// HTML §8.1.5.7: new PromiseRejectionEvent(type, {promise, reason}); promise is a required
// `object` member.
'use strict';

test(() => {
  const p = new Promise(() => {});
  const reason = new Error('r');
  const e = new PromiseRejectionEvent('unhandledrejection', { promise: p, reason, cancelable: true });
  assert_true(e instanceof Event, 'an Event');
  assert_equals(e.type, 'unhandledrejection');
  assert_equals(e.promise, p, 'the same promise');
  assert_equals(e.reason, reason, 'the same reason');
  assert_true(e.cancelable);
  assert_false(e.bubbles);
  assert_false(e.isTrusted, 'created by script');
}, 'PromiseRejectionEvent keeps its promise and reason');

test(() => {
  const p = Promise.resolve();
  p.catch(() => {});
  const e = new PromiseRejectionEvent('x', { promise: p });
  assert_equals(e.reason, undefined, 'reason defaults to undefined');
}, 'reason is optional');

test(() => {
  assert_throws_js(TypeError, () => new PromiseRejectionEvent('x'), 'no dictionary');
  assert_throws_js(TypeError, () => new PromiseRejectionEvent('x', {}), 'no promise member');
  assert_throws_js(TypeError, () => new PromiseRejectionEvent('x', { promise: undefined }), 'undefined promise');
  assert_throws_js(TypeError, () => new PromiseRejectionEvent(), 'no type');
  assert_throws_js(TypeError, () => PromiseRejectionEvent('x', { promise: Promise.resolve() }), 'without new');
}, 'promise is required');

test(() => {
  assert_equals(Object.getPrototypeOf(PromiseRejectionEvent.prototype), Event.prototype);
  const e = new PromiseRejectionEvent('x', { promise: Promise.resolve() });
  assert_equals(Object.prototype.toString.call(e), '[object PromiseRejectionEvent]');
  const target = new EventTarget();
  let seen = null;
  target.addEventListener('x', (ev) => { seen = ev.promise; });
  target.dispatchEvent(e);
  assert_equals(seen, e.promise, 'can be dispatched by script');
}, 'PromiseRejectionEvent is an Event');
