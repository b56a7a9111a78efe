// META: title=Scheduler: postTask() rejects with the signal's abort reason
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-abort-reason.any.js (behaviour re-written for taskhost).
'use strict';

// Resolves once every task already queued at user-visible or higher priority has run.
const afterQueuedTasks = () => scheduler.postTask(() => {}, {priority: 'background'});

for (const [kind, Controller] of [['TaskSignal', TaskController], ['AbortSignal', AbortController]]) {
  promise_test(async t => {
    const reason = new Error('my reason');
    const controller = new Controller();
    controller.abort(reason);
    let ran = false;
    const result = scheduler.postTask(() => { ran = true; }, {signal: controller.signal});
    await promise_rejects_exactly(t, reason, result);
    await afterQueuedTasks();
    assert_false(ran, 'the callback must not run');
  }, `Calling postTask with an aborted ${kind} rejects the promise with the abort reason`);

  promise_test(async t => {
    const reason = new Error('my reason');
    const controller = new Controller();
    let ran = false;
    const result = scheduler.postTask(() => { ran = true; }, {signal: controller.signal});
    controller.abort(reason);
    await promise_rejects_exactly(t, reason, result);
    await afterQueuedTasks();
    assert_false(ran, 'the callback must not run');
  }, `Aborting a ${kind} rejects the promise of a scheduled task with the abort reason`);
}

// taskhost's own subtests below.

promise_test(async t => {
  for (const reason of ['a string', 0, null, false, Symbol('s')]) {
    const controller = new TaskController();
    const result = scheduler.postTask(() => {}, {signal: controller.signal});
    controller.abort(reason);
    await promise_rejects_exactly(t, reason, result, `reason ${String(reason)}`);
  }
}, 'Primitive abort reasons (including null) are passed through unchanged');

promise_test(async t => {
  // abort() and abort(undefined) make an "AbortError" DOMException the signal's reason; the
  // task promise rejects with that very object.
  for (const args of [[], [undefined]]) {
    const controller = new TaskController();
    const result = scheduler.postTask(() => {}, {signal: controller.signal});
    controller.abort(...args);
    const reason = controller.signal.reason;
    assert_true(reason instanceof DOMException, 'the reason is a DOMException');
    assert_equals(reason.name, 'AbortError');
    await promise_rejects_exactly(t, reason, result);
  }
}, 'abort() without a reason rejects with the signal\'s AbortError DOMException');

promise_test(async t => {
  const reason = new Error('timed out');
  const signal = AbortSignal.abort(reason);
  await promise_rejects_exactly(t, reason, scheduler.postTask(() => {}, {signal}));
}, 'A signal from AbortSignal.abort(reason) rejects with that reason');
