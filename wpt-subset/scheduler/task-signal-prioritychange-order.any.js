// META: title=Scheduler: prioritychange events and the order of tasks
// META: global=window,worker
// taskhost's own test (no upstream counterpart): "signal priority change" updates the priority,
// runs the priority change algorithms (which move the signal's queues), fires prioritychange,
// then changes the dependent signals - all synchronously, inside setPriority().
'use strict';

promise_test(async t => {
  // setPriority() from a task: the event is fired inside that task, before any other task.
  const order = [];
  const controller = new TaskController();
  const signal = controller.signal;
  signal.onprioritychange = () => order.push('event');
  const tasks = [
    scheduler.postTask(() => {
      order.push('changer start');
      controller.setPriority('background');
      order.push('changer end');
    }, {priority: 'user-blocking'}),
    scheduler.postTask(() => order.push('signal task'), {signal}),
    scheduler.postTask(() => order.push('uv task')),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['changer start', 'event', 'changer end', 'uv task', 'signal task']);
}, 'The prioritychange event fires inside the task that changed the priority');

promise_test(async t => {
  // A task posted with the signal from the listener is queued at the new priority.
  const order = [];
  const controller = new TaskController({priority: 'background'});
  const signal = controller.signal;
  let fromListener;
  signal.onprioritychange = () => {
    fromListener = scheduler.postTask(() => order.push('posted by listener'), {signal});
  };
  const uv = scheduler.postTask(() => order.push('uv'));
  controller.setPriority('user-blocking');
  await Promise.all([uv, fromListener]);
  assert_array_equals(order, ['posted by listener', 'uv']);
}, 'A task posted from a prioritychange listener uses the new priority');

promise_test(async t => {
  // Events on the source and on a dependent, all before any task runs.
  const order = [];
  const controller = new TaskController();
  const dependent = TaskSignal.any([], {priority: controller.signal});
  controller.signal.onprioritychange = () => order.push('source event');
  dependent.onprioritychange = () => order.push('dependent event');
  const tasks = [
    scheduler.postTask(() => order.push('dependent task'), {signal: dependent}),
    scheduler.postTask(() => order.push('source task'), {signal: controller.signal}),
    scheduler.postTask(() => order.push('uv task')),
  ];
  controller.setPriority('user-blocking');
  order.push('after setPriority');
  await Promise.all(tasks);
  assert_array_equals(order, ['source event', 'dependent event', 'after setPriority',
                              'dependent task', 'source task', 'uv task']);
}, 'prioritychange fires on the source, then on its dependents, before any task runs');

promise_test(async t => {
  // In the listener, the signal's queue has already moved: a user-blocking task posted by the
  // listener is younger than the signal's task, which is now user-blocking too.
  const order = [];
  const controller = new TaskController({priority: 'background'});
  const signal = controller.signal;
  let fromListener;
  signal.onprioritychange = () => {
    fromListener = scheduler.postTask(() => order.push('ub from listener'), {priority: 'user-blocking'});
  };
  const signalTask = scheduler.postTask(() => order.push('signal task'), {signal});
  controller.setPriority('user-blocking');
  await Promise.all([signalTask, fromListener]);
  assert_array_equals(order, ['signal task', 'ub from listener']);
}, 'Tasks of the signal keep their age when their queue moves');
