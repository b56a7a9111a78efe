// META: global=window,worker
// taskhost's own test (no upstream counterpart): new ErrorEvent(type, eventInitDict)
// (HTML §8.1.4.7, ErrorEventInit).
'use strict';

test(() => {
  const error = new Error('the error');
  const e = new ErrorEvent('error', {
    message: 'msg', filename: 'file.js', lineno: 12, colno: 34, error, cancelable: true,
  });
  assert_true(e instanceof Event);
  assert_equals(e.type, 'error');
  assert_equals(e.message, 'msg');
  assert_equals(e.filename, 'file.js');
  assert_equals(e.lineno, 12);
  assert_equals(e.colno, 34);
  assert_equals(e.error, error);
  assert_true(e.cancelable);
  assert_false(e.isTrusted);
}, 'ErrorEvent keeps the members of its init dictionary');

test(() => {
  const e = new ErrorEvent('error');
  assert_equals(e.message, '');
  assert_equals(e.filename, '');
  assert_equals(e.lineno, 0);
  assert_equals(e.colno, 0);
}, 'ErrorEvent defaults');

test(() => {
  const e = new ErrorEvent('error', { lineno: -1, colno: 2 ** 32 + 5, message: 42 });
  assert_equals(e.lineno, 2 ** 32 - 1, 'unsigned long wraps');
  assert_equals(e.colno, 5, 'unsigned long wraps');
  assert_equals(e.message, '42', 'DOMString');
  assert_throws_js(TypeError, () => new ErrorEvent(), 'the type is required');
  assert_throws_js(TypeError, () => ErrorEvent('error'), 'without new');
}, 'ErrorEvent converts its members');

test(() => {
  assert_equals(Object.getPrototypeOf(ErrorEvent.prototype), Event.prototype);
  assert_equals(Object.prototype.toString.call(new ErrorEvent('x')), '[object ErrorEvent]');
}, 'ErrorEvent is an Event');
