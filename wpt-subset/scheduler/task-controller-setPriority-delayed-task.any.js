// META: title=Scheduler: changing the priority of a delayed task
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-controller-setPriority-delayed-task.any.js (behaviour re-written for taskhost).
'use strict';

// Busy-waits so that every delay shorter than `ms`, started before the call, has expired
// when the current task ends.
function letTimePass(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}

promise_test(t => {
  // The first delayed task raises the priority of the second one while that one is still
  // waiting: the second one must still wait out its whole delay.
  const start = performance.now();
  const controller = new TaskController({priority: 'background'});
  let count = 0;
  const first = scheduler.postTask(() => {
    assert_equals(++count, 1, 'the shorter delay runs first');
    controller.setPriority('user-blocking');
  }, {priority: 'user-blocking', delay: 10});
  const second = scheduler.postTask(() => {
    assert_equals(++count, 2, 'the longer delay runs second');
    assert_greater_than_equal(performance.now() - start, 20, 'the delay is not shortened');
  }, {signal: controller.signal, delay: 20});
  return Promise.all([first, second]);
}, "Tests delay when changing a delayed task's priority");

// taskhost's own subtests below. The task is queued when its delay expires, into the queue for
// the signal's priority at that moment, so a change during the delay applies. They busy-wait
// past the delays and expect the tasks queued by then: taskhost's default policy runs a timer as
// soon as it is due, where HTML lets a user agent wait further ("run steps after a timeout"),
// so their names say they check that policy.

promise_test(async t => {
  const order = [];
  const controller = new TaskController({priority: 'background'});
  const delayed = scheduler.postTask(() => order.push('delayed'), {signal: controller.signal, delay: 1});
  controller.setPriority('user-blocking');
  const uv = scheduler.postTask(() => order.push('uv'));
  letTimePass(5);
  await Promise.all([delayed, uv]);
  // user-blocking beats the older user-visible task; had it stayed background it would be last.
  assert_array_equals(order, ['delayed', 'uv']);
}, 'taskhost policy: A delayed task whose priority is raised during the delay runs at the new priority');

promise_test(async t => {
  const order = [];
  const controller = new TaskController({priority: 'user-blocking'});
  const bg = scheduler.postTask(() => order.push('bg'), {priority: 'background'});
  const delayed = scheduler.postTask(() => order.push('delayed'), {signal: controller.signal, delay: 1});
  controller.setPriority('background');
  const uv = scheduler.postTask(() => order.push('uv'));
  letTimePass(5);
  await Promise.all([bg, delayed, uv]);
  // Now background, and queued (when its delay expired) after the background task.
  assert_array_equals(order, ['uv', 'bg', 'delayed']);
}, 'taskhost policy: A delayed task whose priority is lowered during the delay runs at the new priority');

promise_test(async t => {
  // The delay has expired (the task is queued) but the task has not run yet when the priority
  // changes.
  const order = [];
  const controller = new TaskController({priority: 'user-visible'});
  const delayed = scheduler.postTask(() => order.push('delayed'), {signal: controller.signal, delay: 1});
  letTimePass(5);
  const uv = scheduler.postTask(() => order.push('uv'));
  const ub = scheduler.postTask(() => order.push('ub'), {priority: 'user-blocking'});
  controller.setPriority('background');
  await Promise.all([delayed, uv, ub]);
  assert_array_equals(order, ['ub', 'uv', 'delayed']);
}, 'taskhost policy: setPriority() after the delay expired moves the queued task');

promise_test(async t => {
  // Several delayed tasks on one signal keep the order of their due times after a change.
  // The due times are 10 ms apart, so the time between the postTask() calls (which counts:
  // a delay starts when its call runs) cannot reorder them.
  const order = [];
  const controller = new TaskController({priority: 'background'});
  const signal = controller.signal;
  const tasks = [
    scheduler.postTask(() => order.push('d3'), {signal, delay: 30}),
    scheduler.postTask(() => order.push('d1'), {signal, delay: 10}),
    scheduler.postTask(() => order.push('d2'), {signal, delay: 20}),
  ];
  controller.setPriority('user-blocking');
  tasks.push(scheduler.postTask(() => order.push('uv')));
  letTimePass(40);
  await Promise.all(tasks);
  assert_array_equals(order, ['d1', 'd2', 'd3', 'uv']);
}, 'taskhost policy: Delayed tasks of one signal run in due-time order at the signal\'s new priority');
