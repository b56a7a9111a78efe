// META: global=window,worker
// Derived from web-platform-tests dom/abort/timeout.any.js (behaviour re-written for taskhost).
// DOM §3.2: AbortSignal.timeout(milliseconds) aborts with a "TimeoutError" DOMException from a
// task queued by "run steps after a timeout".
'use strict';

test(() => {
  const signal = AbortSignal.timeout(0);
  assert_true(signal instanceof AbortSignal);
  assert_false(signal.aborted, 'not aborted synchronously, even for 0 ms');
  assert_equals(signal.reason, undefined);
}, 'AbortSignal.timeout() returns a non-aborted signal');

async_test((t) => {
  const signal = AbortSignal.timeout(5);
  signal.onabort = t.step_func_done((e) => {
    assert_equals(e.type, 'abort');
    assert_true(e.isTrusted, 'isTrusted');
    assert_true(signal.aborted);
    assert_true(signal.reason instanceof DOMException, 'a DOMException');
    assert_equals(signal.reason.name, 'TimeoutError');
    assert_equals(signal.reason.code, DOMException.TIMEOUT_ERR);
    assert_throws_dom('TimeoutError', () => signal.throwIfAborted());
  });
}, 'Signal returned by AbortSignal.timeout() times out');

async_test((t) => {
  let order = '';
  // Same delay: the order in which they were created. A shorter delay created later goes
  // before a longer one (run steps after a timeout waits only for earlier invocations with a
  // smaller or equal delay, and a later one whose delay is shorter is not held back by them).
  const a = AbortSignal.timeout(10);
  const b = AbortSignal.timeout(10);
  const c = AbortSignal.timeout(10);
  a.onabort = () => { order += '1'; };
  b.onabort = () => { order += '2'; };
  c.onabort = t.step_func_done(() => {
    order += '3';
    assert_equals(order, '123');
  });
}, 'AbortSignal timeouts fire in order');

test(() => {
  for (const ms of [-1, NaN, Infinity, -Infinity, 2 ** 53, undefined, 'abc']) {
    assert_throws_js(TypeError, () => AbortSignal.timeout(ms), String(ms));
  }
  assert_throws_js(TypeError, () => AbortSignal.timeout(), 'no argument');
}, 'AbortSignal.timeout() enforces the range of an unsigned long long');

test(() => {
  // [EnforceRange] truncates fractions and converts with ToNumber. (Large valid delays are
  // not tried here: their timers would outlive the test.)
  assert_false(AbortSignal.timeout(0.5).aborted);
  assert_false(AbortSignal.timeout('7').aborted);
  assert_false(AbortSignal.timeout(null).aborted);
}, 'AbortSignal.timeout() accepts values in range');

async_test((t) => {
  const signal = AbortSignal.timeout(0);
  let events = 0;
  signal.addEventListener('abort', () => events++);
  const log = [];
  queueMicrotask(() => log.push(signal.aborted));
  signal.addEventListener('abort', t.step_func(() => {
    assert_array_equals(log, [false], 'not aborted in the microtask checkpoint after the script');
    // Let another task go by to be sure nothing is fired twice.
    t.step_timeout(() => {
      assert_equals(events, 1);
      t.done();
    }, 0);
  }));
}, 'AbortSignal.timeout(0) aborts from a later task, once');
