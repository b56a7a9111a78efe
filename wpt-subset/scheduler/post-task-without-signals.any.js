// META: title=Scheduler: postTask() without signals
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-without-signals.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  for (const priority of ['user-blocking', 'user-visible', 'background']) {
    const result = await scheduler.postTask(() => 'ran at ' + priority, {priority});
    assert_equals(result, 'ran at ' + priority);
  }
}, 'Basic functionality for scheduler.postTask() without using TaskSignals');

// taskhost's own subtests below.

promise_test(async t => {
  // With neither priority nor signal, a task is user-visible: after user-blocking tasks and
  // before background tasks, FIFO with explicit user-visible tasks.
  const order = [];
  const tasks = [
    scheduler.postTask(() => order.push('bg'), {priority: 'background'}),
    scheduler.postTask(() => order.push('default1')),
    scheduler.postTask(() => order.push('uv'), {priority: 'user-visible'}),
    scheduler.postTask(() => order.push('default2'), {}),
    scheduler.postTask(() => order.push('ub'), {priority: 'user-blocking'}),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['ub', 'default1', 'uv', 'default2', 'bg']);
}, 'A task posted without priority or signal runs at user-visible priority');
