// META: title=Scheduler: aborting tasks that have completed is a no-op
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-controller-abort-completed-tasks.any.js (behaviour re-written for taskhost).
'use strict';

// Besides the explicit check below, the harness itself turns an unhandled rejection into a
// harness error.
function recordUnhandledRejections(t) {
  const reasons = [];
  const listener = e => reasons.push(e.reason);
  self.addEventListener('unhandledrejection', listener);
  t.add_cleanup(() => self.removeEventListener('unhandledrejection', listener));
  return reasons;
}

// The unhandledrejection event is fired from a task queued after a microtask checkpoint; a
// background task runs only once such tasks have run.
const afterQueuedTasks = () => scheduler.postTask(() => {}, {priority: 'background'});

promise_test(async t => {
  const unhandled = recordUnhandledRejections(t);
  const controller1 = new TaskController();
  const controller2 = new TaskController();
  await scheduler.postTask(() => {}, {signal: controller1.signal});
  const task2 = scheduler.postTask(() => {}, {signal: controller2.signal});
  controller2.abort();
  await promise_rejects_dom(t, 'AbortError', task2);
  // Both tasks are finished now (one ran, one was aborted); aborting again must not reject
  // anything.
  controller1.abort();
  controller2.abort();
  await afterQueuedTasks();
  await afterQueuedTasks();
  assert_array_equals(unhandled, []);
}, 'Aborting completed tasks should be a no-op.');

// taskhost's own subtests below.

promise_test(async t => {
  const unhandled = recordUnhandledRejections(t);
  const controller = new TaskController();
  const value = await scheduler.postTask(() => 'value', {signal: controller.signal});
  controller.abort(new Error('late'));
  await afterQueuedTasks();
  await afterQueuedTasks();
  assert_equals(value, 'value');
  assert_array_equals(unhandled, []);
}, 'Aborting the signal of a task that ran does not create a rejection');

promise_test(async t => {
  // The task threw and its rejection was handled; a later abort must not reject again.
  const unhandled = recordUnhandledRejections(t);
  const controller = new AbortController();
  const result = scheduler.postTask(() => { throw new Error('thrown'); }, {signal: controller.signal});
  await promise_rejects_js(t, Error, result);
  controller.abort();
  await afterQueuedTasks();
  await afterQueuedTasks();
  assert_array_equals(unhandled, []);
}, 'Aborting the signal of a task that threw does not create a rejection');

promise_test(async t => {
  const unhandled = recordUnhandledRejections(t);
  const controller = new TaskController();
  await scheduler.postTask(async () => {
    await scheduler.yield();
  }, {signal: controller.signal});
  controller.abort();
  await afterQueuedTasks();
  await afterQueuedTasks();
  assert_array_equals(unhandled, []);
}, 'Aborting the signal after a yield() continuation ran does not create a rejection');
