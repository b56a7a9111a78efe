// META: title=Scheduler: tasks posted with TaskSignal.any() signals run in priority order
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-signal-any-post-task-run-order.tentative.any.js (behaviour re-written for taskhost).
'use strict';

// Posts B1, B2, UV1, UV2, UB1, UB2 (lowest priority first), each with the signal signalFor()
// gives for its priority, and returns the promises.
function postSixTasks(order, signalFor) {
  const tasks = [];
  for (const [prefix, priority] of [['B', 'background'], ['UV', 'user-visible'], ['UB', 'user-blocking']]) {
    for (const n of [1, 2])
      tasks.push(scheduler.postTask(() => order.push(prefix + n), {signal: signalFor(priority)}));
  }
  return tasks;
}

promise_test(async t => {
  const order = [];
  const tasks = postSixTasks(order, priority => TaskSignal.any([], {priority}));
  await Promise.all(tasks);
  assert_equals(order.toString(), 'UB1,UB2,UV1,UV2,B1,B2');
}, 'scheduler.postTask() tasks run in priority order with a fixed priority composite signal');

promise_test(async t => {
  // The background tasks use a composite signal whose source starts user-blocking and is then
  // lowered to background; the others use fixed priorities.
  const order = [];
  const controller = new TaskController({priority: 'user-blocking'});
  const dynamic = TaskSignal.any([], {priority: controller.signal});
  const tasks = [];
  for (const n of [1, 2])
    tasks.push(scheduler.postTask(() => order.push('B' + n), {signal: dynamic}));
  for (const [prefix, priority] of [['UV', 'user-visible'], ['UB', 'user-blocking']]) {
    for (const n of [1, 2])
      tasks.push(scheduler.postTask(() => order.push(prefix + n), {priority}));
  }
  controller.setPriority('background');
  assert_equals(dynamic.priority, 'background');
  await Promise.all(tasks);
  assert_equals(order.toString(), 'UB1,UB2,UV1,UV2,B1,B2');
}, 'scheduler.postTask() tasks run in priority order with a dynamic priority composite signal');

promise_test(async t => {
  const order = [];
  const tasks = postSixTasks(order, priority => {
    const parent = TaskSignal.any([], {priority});
    return TaskSignal.any([], {priority: parent});
  });
  await Promise.all(tasks);
  assert_equals(order.toString(), 'UB1,UB2,UV1,UV2,B1,B2');
}, 'scheduler.postTask() tasks run in priority order with a composite signal whose source has fixed priority');

// taskhost's own subtests below.

promise_test(async t => {
  // A composite of a composite follows the original source.
  const order = [];
  const controller = new TaskController({priority: 'background'});
  const inner = TaskSignal.any([], {priority: controller.signal});
  const outer = TaskSignal.any([], {priority: inner});
  const tasks = [
    scheduler.postTask(() => order.push('uv')),
    scheduler.postTask(() => order.push('outer'), {signal: outer}),
    scheduler.postTask(() => order.push('inner'), {signal: inner}),
    scheduler.postTask(() => order.push('source'), {signal: controller.signal}),
  ];
  controller.setPriority('user-blocking');
  await Promise.all(tasks);
  assert_array_equals(order, ['outer', 'inner', 'source', 'uv']);
}, 'Tasks posted with nested composite signals move when the source\'s priority changes');

promise_test(async t => {
  // An abort of an input signal drops the composite signal's pending tasks.
  const order = [];
  const input = new AbortController();
  const signal = TaskSignal.any([input.signal], {priority: 'user-blocking'});
  const aborted = scheduler.postTask(() => order.push('composite'), {signal});
  const kept = scheduler.postTask(() => order.push('kept'));
  input.abort();
  await promise_rejects_dom(t, 'AbortError', aborted);
  await kept;
  assert_array_equals(order, ['kept']);
}, 'Aborting an input of a composite signal drops the tasks posted with it');
