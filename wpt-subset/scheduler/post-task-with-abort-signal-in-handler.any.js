// META: title=Scheduler: aborting a task's own signal while its callback runs
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-with-abort-signal-in-handler.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  // The abort steps reject the result while the callback runs; resolving it with the
  // return value afterwards has no effect.
  const controller = new TaskController();
  let finished = false;
  const result = scheduler.postTask(() => {
    controller.abort();
    finished = true;
    return 'ignored';
  }, {signal: controller.signal});
  await promise_rejects_dom(t, 'AbortError', result);
  assert_true(finished, 'the callback runs to its end after the abort');
}, 'Posting a task with a signal and abort the signal when running the sync callback');

promise_test(async t => {
  // Once the callback has returned, the result is resolved with the promise it returned and
  // the task's abort steps are gone: aborting later does not reject the result.
  const controller = new TaskController();
  const result = scheduler.postTask(async () => {
    await new Promise(resolve => t.step_timeout(resolve, 0));
    controller.abort();
    return 'async result';
  }, {signal: controller.signal});
  assert_equals(await result, 'async result');
  assert_true(controller.signal.aborted, 'the signal was aborted');
}, 'Posting a task with a signal and abort the signal when running the async callback');

// taskhost's own subtests below.

promise_test(async t => {
  const reason = new Error('aborted from inside');
  const controller = new AbortController();
  const result = scheduler.postTask(() => { controller.abort(reason); }, {signal: controller.signal});
  await promise_rejects_exactly(t, reason, result);
}, 'Aborting the AbortSignal of the running task rejects its promise with the reason');

promise_test(async t => {
  // The callback aborts its own signal and then throws: the abort came first and wins.
  const reason = new Error('abort reason');
  const controller = new TaskController();
  const result = scheduler.postTask(() => {
    controller.abort(reason);
    throw new Error('thrown after the abort');
  }, {signal: controller.signal});
  await promise_rejects_exactly(t, reason, result);
}, 'An abort during the callback wins over an exception thrown after it');
