// META: global=window,worker
// Derived from web-platform-tests dom/events/EventTarget-removeEventListener.any.js and
// EventTarget-add-remove-listener.any.js (behaviour re-written for taskhost).
// DOM §2.7 removeEventListener(): finds the listener by (type, callback, capture); without an
// explicit capture argument, capture is false for add and remove alike.
'use strict';

test(() => {
  const target = new EventTarget();
  assert_equals(target.removeEventListener('test', null), undefined);
  assert_equals(target.removeEventListener('test', undefined), undefined);
  assert_equals(target.removeEventListener('test', () => {}), undefined, 'never added');
}, 'removing a null or unknown listener does nothing');

test(() => {
  const target = new EventTarget();
  const log = [];
  const a = () => log.push('a');
  const b = () => log.push('b');
  target.addEventListener('one', a);
  target.addEventListener('two', a);
  target.addEventListener('one', b);
  target.removeEventListener('one', a);
  target.dispatchEvent(new Event('one'));
  target.dispatchEvent(new Event('two'));
  assert_array_equals(log, ['b', 'a'], 'only the (one, a) listener is removed');
}, 'removal is per type and per callback');

test(() => {
  const target = new EventTarget();
  const log = [];
  const a = () => log.push('a');
  target.addEventListener('test', a);
  target.addEventListener('test', () => log.push('b'));
  target.removeEventListener('test', a);
  target.addEventListener('test', a);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['b', 'a'], 're-adding appends at the end');
}, 'a listener removed and added again moves to the end');

test(() => {
  const target = new EventTarget();
  const log = [];
  const a = { handleEvent: () => log.push('object') };
  target.addEventListener('test', a);
  target.removeEventListener('test', a.handleEvent);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['object'], 'removing the function does not remove the object');
  target.removeEventListener('test', a);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['object']);
}, 'handleEvent objects are removed by identity');

test(() => {
  const target = new EventTarget();
  assert_throws_js(TypeError, () => target.removeEventListener('test', 'string'));
  assert_throws_js(TypeError, () => target.removeEventListener('test'));
}, 'removeEventListener converts its callback like addEventListener');

test(() => {
  const target = new EventTarget();
  let calls = 0;
  const listener = () => calls++;
  target.addEventListener('x', listener);
  target.removeEventListener('x', listener);
  target.dispatchEvent(new Event('x'));
  assert_equals(calls, 0);
  target.addEventListener('x', listener, false);
  target.removeEventListener('x', listener);
  target.dispatchEvent(new Event('x'));
  assert_equals(calls, 0, 'explicit false, implicit remove');
  target.addEventListener('x', listener);
  target.removeEventListener('x', listener, {});
  target.dispatchEvent(new Event('x'));
  assert_equals(calls, 0, 'implicit add, empty options remove');
}, 'Removing an event listener without explicit capture arg should succeed');

test(() => {
  const target = new EventTarget();
  const log = [];
  const listener = (e) => log.push(e.type);
  for (let i = 0; i < 3; i++) {
    target.addEventListener('x', listener);
    target.dispatchEvent(new Event('x'));
    target.removeEventListener('x', listener);
    target.dispatchEvent(new Event('x'));
  }
  assert_array_equals(log, ['x', 'x', 'x']);
}, 'A listener can be added and removed repeatedly');
