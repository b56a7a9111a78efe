// META: title=Scheduler: TaskController.setPriority() called repeatedly
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-controller-setPriority-repeated.any.js (behaviour re-written for taskhost).
'use strict';

function postThree(order, signal) {
  // Task 0 follows the signal; tasks 1 and 2 have fixed priorities.
  return [
    scheduler.postTask(() => order.push(0), {signal}),
    scheduler.postTask(() => order.push(1), {priority: 'user-blocking'}),
    scheduler.postTask(() => order.push(2), {priority: 'user-visible'}),
  ];
}

promise_test(async t => {
  const controller = new TaskController();
  const signal = controller.signal;

  const round1 = [];
  const tasks1 = postThree(round1, signal);
  controller.setPriority('background');
  assert_equals(signal.priority, 'background');
  await Promise.all(tasks1);
  assert_equals(round1.toString(), '1,2,0');

  // The same controller, a second round (tasks 3, 4, 5): the signal is background when
  // task 3 is posted, then raised above everything queued.
  const round2 = [];
  const tasks2 = [
    scheduler.postTask(() => round2.push(3), {signal}),
    scheduler.postTask(() => round2.push(4), {priority: 'user-blocking'}),
    scheduler.postTask(() => round2.push(5), {priority: 'user-visible'}),
  ];
  controller.setPriority('user-blocking');
  assert_equals(signal.priority, 'user-blocking');
  await Promise.all(tasks2);
  // Task 3 is the oldest user-blocking task.
  assert_equals(round2.toString(), '3,4,5');
}, 'TaskController.setPriority() changes the priority of all associated tasks when called repeatedly');

promise_test(async t => {
  const controller = new TaskController();
  const signal = controller.signal;
  const order = [];
  const tasks = postThree(order, signal);
  controller.setPriority('background');
  assert_equals(signal.priority, 'background');
  controller.setPriority('user-visible');
  assert_equals(signal.priority, 'user-visible');
  controller.setPriority('user-blocking');
  assert_equals(signal.priority, 'user-blocking');
  await Promise.all(tasks);
  // Only the last priority counts; task 0 is the oldest user-blocking task.
  assert_equals(order.toString(), '0,1,2');
}, 'TaskController.setPriority() changes the priority of all associated tasks when called repeatedly before tasks run');
