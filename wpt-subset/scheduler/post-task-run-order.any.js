// META: title=Scheduler: postTask() tasks run by priority, then in posting order
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-run-order.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  const order = [];
  const post = (id, priority) => scheduler.postTask(() => order.push(id), {priority});
  // Posted lowest priority first, so the order can only come from the priorities.
  const tasks = [
    post('B1', 'background'), post('B2', 'background'),
    post('UV1', 'user-visible'), post('UV2', 'user-visible'),
    post('UB1', 'user-blocking'), post('UB2', 'user-blocking'),
  ];
  await Promise.all(tasks);
  assert_equals(order.toString(), 'UB1,UB2,UV1,UV2,B1,B2');
}, 'Test scheduler.postTask task run in priority order');

// taskhost's own subtests below.

promise_test(async t => {
  const order = [];
  const post = (id, priority) => scheduler.postTask(() => order.push(id), {priority});
  const tasks = [
    post('UV1', 'user-visible'), post('B1', 'background'), post('UB1', 'user-blocking'),
    post('UV2', 'user-visible'), post('B2', 'background'), post('UB2', 'user-blocking'),
    post('UV3', 'user-visible'), post('B3', 'background'), post('UB3', 'user-blocking'),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['UB1', 'UB2', 'UB3', 'UV1', 'UV2', 'UV3', 'B1', 'B2', 'B3']);
}, 'Interleaved priorities: each priority runs in posting order');

promise_test(async t => {
  // A task posted from inside a task goes behind the tasks of its priority already queued,
  // but ahead of lower-priority ones.
  const order = [];
  const inner = [];
  const tasks = [
    scheduler.postTask(() => {
      order.push('UV1');
      inner.push(scheduler.postTask(() => order.push('UV-inner')));
      inner.push(scheduler.postTask(() => order.push('UB-inner'), {priority: 'user-blocking'}));
    }),
    scheduler.postTask(() => order.push('UV2')),
    scheduler.postTask(() => order.push('B1'), {priority: 'background'}),
  ];
  await Promise.all(tasks);
  await Promise.all(inner);
  assert_array_equals(order, ['UV1', 'UB-inner', 'UV2', 'UV-inner', 'B1']);
}, 'Tasks posted from a task are ordered with the tasks already queued');

promise_test(async t => {
  // Background tasks run one per turn: a user-blocking task posted by the first one runs
  // before the second one.
  const order = [];
  const inner = [];
  const tasks = [
    scheduler.postTask(() => {
      order.push('B1');
      inner.push(scheduler.postTask(() => order.push('UB'), {priority: 'user-blocking'}));
    }, {priority: 'background'}),
    scheduler.postTask(() => order.push('B2'), {priority: 'background'}),
  ];
  await Promise.all(tasks);
  await Promise.all(inner);
  assert_array_equals(order, ['B1', 'UB', 'B2']);
}, 'A higher-priority task posted by a background task runs before the next background task');
