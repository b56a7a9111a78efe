// META: title=Scheduler: the postTask() promise rejects with what the callback throws
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-result-throws.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(t => {
  const error = new Error('thrown by the callback');
  const result = scheduler.postTask(() => { throw error; });
  return promise_rejects_exactly(t, error, result, 'the thrown object is the rejection reason');
}, 'Test postTask rejects the associated promise with the callback error');

// taskhost's own subtests below.

promise_test(t => {
  return promise_rejects_exactly(t, 42, scheduler.postTask(() => { throw 42; }));
}, 'A thrown primitive is the rejection reason');

promise_test(async t => {
  // The callback is invoked with "rethrow": the exception goes to the promise and is not
  // reported as an uncaught exception (no error event at the global).
  const errors = [];
  const onError = e => errors.push(e.message);
  self.addEventListener('error', onError);
  t.add_cleanup(() => self.removeEventListener('error', onError));
  const result = scheduler.postTask(() => { throw new Error('not reported'); });
  await promise_rejects_js(t, Error, result);
  // A background task runs after everything else that is queued, e.g. an error report.
  await scheduler.postTask(() => {}, {priority: 'background'});
  assert_array_equals(errors, []);
}, 'An exception thrown by the callback is not reported as uncaught');

promise_test(async t => {
  const order = [];
  const failing = scheduler.postTask(() => { order.push('A'); throw new Error('A failed'); });
  const next = scheduler.postTask(() => order.push('B'));
  await promise_rejects_js(t, Error, failing);
  await next;
  assert_array_equals(order, ['A', 'B']);
}, 'A task that throws does not prevent later tasks from running');
