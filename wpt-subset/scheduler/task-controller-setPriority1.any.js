// META: title=Scheduler: TaskController.setPriority() moves the signal's tasks
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-controller-setPriority1.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  const order = [];
  const controller = new TaskController();
  const tasks = [];
  for (let i = 0; i < 5; i++)
    tasks.push(scheduler.postTask(() => order.push(i), {signal: controller.signal}));
  tasks.push(scheduler.postTask(() => order.push(5), {priority: 'user-blocking'}));
  tasks.push(scheduler.postTask(() => order.push(6), {priority: 'user-visible'}));
  controller.setPriority('background');
  assert_equals(controller.signal.priority, 'background');
  await Promise.all(tasks);
  assert_equals(order.toString(), '5,6,0,1,2,3,4');
}, 'Test that TaskController.setPriority() changes the priority of all associated tasks');

// taskhost's own subtests below.

promise_test(async t => {
  // Raised to user-blocking, the signal's tasks overtake user-visible tasks posted before them
  // but not user-blocking tasks posted before them (those are older).
  const order = [];
  const controller = new TaskController({priority: 'background'});
  const tasks = [
    scheduler.postTask(() => order.push('uv')),
    scheduler.postTask(() => order.push('ub'), {priority: 'user-blocking'}),
    scheduler.postTask(() => order.push('s1'), {signal: controller.signal}),
    scheduler.postTask(() => order.push('s2'), {signal: controller.signal}),
  ];
  controller.setPriority('user-blocking');
  await Promise.all(tasks);
  assert_array_equals(order, ['ub', 's1', 's2', 'uv']);
}, 'Raising the priority moves the signal\'s pending tasks ahead of lower-priority tasks');

promise_test(async t => {
  // A task of the signal changes the priority; the remaining tasks of the signal follow at once.
  const order = [];
  const controller = new TaskController({priority: 'user-blocking'});
  const signal = controller.signal;
  const tasks = [
    scheduler.postTask(() => order.push('bg'), {priority: 'background'}),
    scheduler.postTask(() => order.push('uv1')),
    scheduler.postTask(() => { order.push('s1'); controller.setPriority('background'); }, {signal}),
    scheduler.postTask(() => order.push('s2'), {signal}),
    scheduler.postTask(() => order.push('uv2')),
  ];
  await Promise.all(tasks);
  // s2 is now background, and younger than the background task posted first.
  assert_array_equals(order, ['s1', 'uv1', 'uv2', 'bg', 's2']);
}, 'setPriority() called from one of the signal\'s tasks moves the remaining tasks');
