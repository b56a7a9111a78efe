// META: global=window,worker
// Derived from web-platform-tests dom/events/remove-all-listeners.any.js (behaviour re-written for
// taskhost). DOM §2.9 "invoke" iterates over a clone of the listener list: a listener removed
// during dispatch (its removed flag set) is skipped, one added is not called until the next
// dispatch; a once listener is removed before it is called, so a nested dispatch from it skips
// it — even when every listener of the target has been removed.
'use strict';

test(() => {
  const target = new EventTarget();
  const calls = [];
  const first = () => {
    calls.push('first');
    target.removeEventListener('foo', first);
    target.removeEventListener('foo', second);
    target.addEventListener('foo', third);
  };
  const second = () => calls.push('second');
  const third = () => calls.push('third');
  target.addEventListener('foo', first);
  target.addEventListener('foo', second);
  target.dispatchEvent(new Event('foo'));
  assert_array_equals(calls, ['first'], 'first dispatch');
  target.dispatchEvent(new Event('foo'));
  assert_array_equals(calls, ['first', 'third'], 'second dispatch: only the added listener');
}, 'removing every listener during dispatch, then adding one');

test(() => {
  const target = new EventTarget();
  const calls = [];
  const first = () => {
    calls.push('first');
    target.dispatchEvent(new Event('foo'));
    assert_array_equals(calls, ['first', 'second'], 'the nested dispatch skipped the once listener that is running');
    target.addEventListener('foo', third);
  };
  const second = () => calls.push('second');
  const third = () => calls.push('third');
  target.addEventListener('foo', first, {once: true});
  target.addEventListener('foo', second, {once: true});
  target.dispatchEvent(new Event('foo'));
  assert_array_equals(calls, ['first', 'second'], 'the outer dispatch did not call second again');
  target.dispatchEvent(new Event('foo'));
  assert_array_equals(calls, ['first', 'second', 'third']);
}, 'a once listener that dispatches again: nested and outer dispatch call each once listener once');
