// META: global=window,worker
// Derived from web-platform-tests html/webappapis/microtask-queuing/queue-microtask-exceptions.any.js (behaviour re-written for taskhost).
// HTML queueMicrotask(): the callback is invoked with "report" as exception behavior, so an
// exception is reported (an error event at the global) and later microtasks still run.
// promise_test bodies run one after the other, so the error listeners of two subtests never
// overlap.
'use strict';

setup({ allow_uncaught_exception: true });

// Resolves after the current task and one more have run.
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

promise_test(async (t) => {
  const thrown = new Error('boo');
  const log = [];
  const events = [];
  const onError = (e) => {
    log.push('error event');
    events.push(e);
    e.preventDefault();
  };
  self.addEventListener('error', onError);
  t.add_cleanup(() => self.removeEventListener('error', onError));
  queueMicrotask(() => {
    log.push('throwing microtask');
    throw thrown;
  });
  queueMicrotask(() => log.push('next microtask'));
  await nextTask();
  assert_array_equals(log, ['throwing microtask', 'error event', 'next microtask']);
  assert_true(events[0] instanceof ErrorEvent, 'an ErrorEvent');
  assert_equals(events[0].error, thrown);
  assert_true(events[0].isTrusted, 'isTrusted');
  assert_true(events[0].cancelable, 'cancelable');
}, 'It rethrows exceptions');

promise_test(async (t) => {
  const seen = [];
  const onError = (e) => {
    seen.push(e.error);
    e.preventDefault();
  };
  self.addEventListener('error', onError);
  t.add_cleanup(() => self.removeEventListener('error', onError));
  queueMicrotask(() => { throw 42; });
  queueMicrotask(() => { throw null; });
  await nextTask();
  assert_array_equals(seen, [42, null]);
}, 'Thrown primitives are reported as they are');

promise_test(async (t) => {
  // An exception in a microtask is reported, not turned into a promise rejection.
  let rejections = 0;
  let errors = 0;
  const onRejection = () => rejections++;
  const onError = (e) => {
    errors++;
    e.preventDefault();
  };
  self.addEventListener('unhandledrejection', onRejection);
  self.addEventListener('error', onError);
  t.add_cleanup(() => {
    self.removeEventListener('unhandledrejection', onRejection);
    self.removeEventListener('error', onError);
  });
  queueMicrotask(() => { throw new Error('not a rejection'); });
  await nextTask();
  await nextTask();
  assert_equals(errors, 1, 'reported once');
  assert_equals(rejections, 0, 'no unhandledrejection');
}, 'A throwing microtask does not cause an unhandledrejection event');
