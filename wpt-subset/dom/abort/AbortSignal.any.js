// META: global=window,worker
// Derived from web-platform-tests dom/abort/AbortSignal.any.js (behaviour re-written for taskhost).
// DOM §3.2: the static AbortSignal.abort(reason).
'use strict';

test(() => {
  const signal = AbortSignal.abort();
  assert_true(signal instanceof AbortSignal, 'an AbortSignal');
  assert_true(signal.aborted, 'already aborted');
  assert_equals(signal.reason.name, 'AbortError');
  assert_throws_dom('AbortError', () => signal.throwIfAborted());
}, 'the AbortSignal.abort() static returns an already aborted signal');

async_test((t) => {
  const signal = AbortSignal.abort();
  signal.onabort = t.unreached_func('onabort must not be called');
  signal.addEventListener('abort', t.unreached_func('abort listener must not be called'));
  // The signal is aborted when it is created: there is nothing left to fire. Let a task and
  // a microtask checkpoint go by before declaring success.
  t.step_timeout(() => t.done(), 0);
}, 'signal returned by AbortSignal.abort() should not fire abort event');

test(() => {
  const a = AbortSignal.abort();
  const b = AbortSignal.abort();
  assert_not_equals(a, b, 'a new signal each call');
  assert_not_equals(a.reason, b.reason, 'a new DOMException each call');
}, 'AbortSignal.abort() returns a new signal and a new reason each time');

test(() => {
  const reasons = [new Error('e'), 'text', 42, null, Symbol('s'), { object: true }];
  for (const reason of reasons) {
    assert_equals(AbortSignal.abort(reason).reason, reason, String(typeof reason));
  }
  assert_equals(AbortSignal.abort(undefined).reason.name, 'AbortError', 'undefined → AbortError');
}, 'AbortSignal.abort(reason) keeps any reason except undefined');

test(() => {
  assert_equals(typeof AbortSignal.abort, 'function');
  assert_equals(AbortSignal.abort.length, 0, 'length');
  const { abort } = AbortSignal;
  // A static operation does not depend on its this value.
  assert_true(abort().aborted);
}, 'AbortSignal.abort is a static operation');
