// META: title=Scheduler: TaskController.setPriority() and the order of tasks
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-controller-setPriority2.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  const order = [];
  const controllers = [];
  const tasks = [];
  for (let i = 0; i < 5; i++) {
    const controller = new TaskController({priority: 'background'});
    controllers.push(controller);
    tasks.push(scheduler.postTask(() => order.push(i), {signal: controller.signal}));
  }
  controllers[2].setPriority('user-blocking');
  assert_equals(controllers[2].signal.priority, 'user-blocking');
  await Promise.all(tasks);
  assert_equals(order.toString(), '2,0,1,3,4');
}, 'Test TaskController.setPriority() affects task order.');

// taskhost's own subtests below.

promise_test(async t => {
  // Two controllers raised to the same priority: their tasks run in posting order, whatever
  // order the priorities were changed in.
  const order = [];
  const a = new TaskController({priority: 'background'});
  const b = new TaskController({priority: 'background'});
  const tasks = [
    scheduler.postTask(() => order.push('a1'), {signal: a.signal}),
    scheduler.postTask(() => order.push('b1'), {signal: b.signal}),
    scheduler.postTask(() => order.push('a2'), {signal: a.signal}),
    scheduler.postTask(() => order.push('b2'), {signal: b.signal}),
  ];
  b.setPriority('user-visible');
  a.setPriority('user-visible');
  await Promise.all(tasks);
  assert_array_equals(order, ['a1', 'b1', 'a2', 'b2']);
}, 'Tasks of signals raised to the same priority run in posting order');

promise_test(async t => {
  // A signal moved to user-visible competes with the fixed user-visible queue by task age.
  const order = [];
  const controller = new TaskController({priority: 'background'});
  const tasks = [
    scheduler.postTask(() => order.push('uv1')),
    scheduler.postTask(() => order.push('s1'), {signal: controller.signal}),
    scheduler.postTask(() => order.push('uv2')),
    scheduler.postTask(() => order.push('s2'), {signal: controller.signal}),
  ];
  controller.setPriority('user-visible');
  await Promise.all(tasks);
  // Each queue is FIFO, and the queue whose first task is oldest goes first.
  assert_array_equals(order, ['uv1', 's1', 'uv2', 's2']);
}, 'A signal raised to user-visible interleaves with user-visible tasks by posting order');
