// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-defaultPrevented.any.js and
// Event-defaultPrevented-after-dispatch.any.js and Event-returnValue.any.js (behaviour re-written for taskhost).
// DOM §2.2: preventDefault(), defaultPrevented, the legacy returnValue, "set the canceled flag".
'use strict';

test(() => {
  const event = new Event('test');
  assert_false(event.defaultPrevented);
  assert_true(event.returnValue);
}, 'When an event is created, defaultPrevented should be initialized to false');

test(() => {
  const event = new Event('test', { cancelable: true });
  event.preventDefault();
  assert_true(event.defaultPrevented);
  assert_false(event.returnValue, 'returnValue is the negation of defaultPrevented');
}, 'preventDefault() should change defaultPrevented if cancelable is true');

test(() => {
  const event = new Event('test', { cancelable: false });
  event.preventDefault();
  assert_false(event.defaultPrevented);
  assert_true(event.returnValue);
}, 'preventDefault() should not change defaultPrevented if cancelable is false');

test(() => {
  const event = new Event('test', { cancelable: true });
  event.returnValue = false;
  assert_true(event.defaultPrevented, 'returnValue = false cancels');
  event.returnValue = true;
  assert_true(event.defaultPrevented, 'returnValue = true does not un-cancel');
  assert_false(event.returnValue);
  const notCancelable = new Event('test');
  notCancelable.returnValue = false;
  assert_false(notCancelable.defaultPrevented, 'ignored when not cancelable');
  assert_true(notCancelable.returnValue);
  const truthy = new Event('test', { cancelable: true });
  truthy.returnValue = 0;
  assert_true(truthy.defaultPrevented, 'the value is converted with ToBoolean');
}, 'returnValue setter follows "set the canceled flag"');

test(() => {
  const target = new EventTarget();
  const event = new Event('test', { cancelable: true });
  target.addEventListener('test', (e) => e.preventDefault());
  target.dispatchEvent(event);
  assert_true(event.defaultPrevented, 'still canceled after dispatch');
  assert_false(event.returnValue);
}, 'Default prevention via preventDefault should be visible after dispatch');

test(() => {
  const target = new EventTarget();
  const event = new Event('test', { cancelable: true });
  target.addEventListener('test', (e) => { e.returnValue = false; });
  assert_false(target.dispatchEvent(event));
  assert_true(event.defaultPrevented);
}, 'Default prevention via returnValue should be visible after dispatch');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', (e) => log.push(e.defaultPrevented));
  target.addEventListener('test', (e) => e.preventDefault());
  target.addEventListener('test', (e) => log.push(e.defaultPrevented));
  target.dispatchEvent(new Event('test', { cancelable: true }));
  assert_array_equals(log, [false, true]);
}, 'defaultPrevented is visible to later listeners of the same dispatch');

test(() => {
  const event = new Event('test', { cancelable: true });
  event.preventDefault();
  event.initEvent('test', false, true);
  assert_false(event.defaultPrevented, 'initEvent() clears the canceled flag');
}, 'initEvent() resets defaultPrevented');
