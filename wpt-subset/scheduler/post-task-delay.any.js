// META: title=Scheduler: postTask() with a delay
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-delay.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(t => {
  const start = performance.now();
  return scheduler.postTask(() => {
    assert_greater_than_equal(performance.now() - start, 10, 'time elapsed before the task ran');
  }, {priority: 'user-blocking', delay: 10});
}, 'Tests basic scheduler.postTask with a delay');

// taskhost's own subtests below.

promise_test(async t => {
  for (const priority of ['user-blocking', 'user-visible', 'background']) {
    const start = performance.now();
    const elapsed = await scheduler.postTask(() => performance.now() - start, {priority, delay: 10});
    assert_greater_than_equal(elapsed, 10, `${priority}: time elapsed before the task ran`);
  }
}, 'A delay is honoured at every priority');

promise_test(async t => {
  const start = performance.now();
  const controller = new TaskController({priority: 'user-blocking'});
  const elapsed = await scheduler.postTask(() => performance.now() - start,
                                           {signal: controller.signal, delay: 15});
  assert_greater_than_equal(elapsed, 15);
}, 'A delay is honoured for a task posted with a TaskSignal');

promise_test(async t => {
  const value = await scheduler.postTask(() => 'delayed value', {delay: 1});
  assert_equals(value, 'delayed value');
}, 'A delayed task resolves with the callback value');
