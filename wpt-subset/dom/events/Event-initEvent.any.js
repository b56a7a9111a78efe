// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-initEvent.any.js and
// Event-init-while-dispatching.any.js (behaviour re-written for taskhost).
// DOM §2.2 initEvent(type, bubbles = false, cancelable = false) and "initialize".
'use strict';

test(() => {
  const event = new Event('first', { bubbles: true, cancelable: true, composed: true });
  event.initEvent('second');
  assert_equals(event.type, 'second');
  assert_false(event.bubbles, 'bubbles defaults to false');
  assert_false(event.cancelable, 'cancelable defaults to false');
  assert_true(event.composed, 'composed is not touched by initEvent()');
  event.initEvent('third', true, true);
  assert_equals(event.type, 'third');
  assert_true(event.bubbles);
  assert_true(event.cancelable);
  event.initEvent('fourth', 1, '');
  assert_true(event.bubbles, 'ToBoolean');
  assert_false(event.cancelable, 'ToBoolean');
}, 'initEvent() sets type, bubbles and cancelable');

test(() => {
  const event = new Event('test');
  assert_throws_js(TypeError, () => event.initEvent(), 'the type is required');
  assert_equals(Event.prototype.initEvent.length, 1);
}, 'initEvent() requires a type');

test(() => {
  const target = new EventTarget();
  const event = new Event('test', { cancelable: true });
  target.dispatchEvent(event);
  assert_equals(event.target, target);
  event.preventDefault();
  event.initEvent('again', false, true);
  assert_equals(event.target, null, 'target is reset');
  assert_false(event.defaultPrevented, 'canceled flag is reset');
  assert_false(event.isTrusted, 'isTrusted stays false');
}, 'initEvent() resets the target and the flags');

test(() => {
  const target = new EventTarget();
  const event = new Event('test', { bubbles: false, cancelable: false });
  const seen = [];
  target.addEventListener('test', (e) => {
    e.initEvent('changed', true, true);
    seen.push(e.type, e.bubbles, e.cancelable);
    e.preventDefault();
    seen.push(e.defaultPrevented);
  });
  target.dispatchEvent(event);
  assert_array_equals(seen, ['test', false, false, false]);
  assert_equals(event.type, 'test');
}, 'Calling initEvent() while dispatching does nothing');

test(() => {
  const trusted = (() => {
    const c = new AbortController();
    let e;
    c.signal.onabort = (ev) => { e = ev; };
    c.abort();
    return e;
  })();
  assert_true(trusted.isTrusted);
  trusted.initEvent('reset');
  assert_false(trusted.isTrusted, 'initialize unsets isTrusted');
  assert_equals(trusted.type, 'reset');
}, 'initEvent() makes a trusted event untrusted');
