// META: title=Scheduler: postTask() with a signal that is already aborted
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-with-aborted-signal.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  const controller = new TaskController();
  controller.abort();
  let ran = false;
  const result = scheduler.postTask(() => { ran = true; }, {signal: controller.signal});
  await promise_rejects_dom(t, 'AbortError', result);
  await scheduler.postTask(() => {}, {priority: 'background'});
  assert_false(ran, 'the callback must not run');
}, 'Posting a task with an aborted signal rejects with an AbortError');

// taskhost's own subtests below.

promise_test(async t => {
  // The promise is rejected by postTask() itself, so its reaction runs in the current
  // microtask checkpoint, before any task (even a user-blocking one) runs.
  const order = [];
  const controller = new TaskController({priority: 'user-blocking'});
  controller.abort();
  const result = scheduler.postTask(() => order.push('aborted task'), {signal: controller.signal});
  const other = scheduler.postTask(() => order.push('ub task'), {priority: 'user-blocking'});
  result.catch(() => order.push('rejected'));
  await other;
  assert_array_equals(order, ['rejected', 'ub task']);
}, 'A task posted with an aborted signal is rejected before any other task runs');

promise_test(async t => {
  const result = scheduler.postTask(() => {}, {signal: AbortSignal.abort()});
  await promise_rejects_dom(t, 'AbortError', result);
}, 'Posting a task with a signal from AbortSignal.abort() rejects with an AbortError');

promise_test(async t => {
  // The abort check comes before the delay: no need to wait for it.
  const order = [];
  const controller = new TaskController();
  controller.abort();
  const result = scheduler.postTask(() => order.push('delayed'), {signal: controller.signal, delay: 10000});
  result.catch(() => order.push('rejected'));
  await scheduler.postTask(() => order.push('bg'), {priority: 'background'});
  assert_array_equals(order, ['rejected', 'bg']);
}, 'A delayed task posted with an aborted signal is rejected at once');
