// META: title=Scheduler: setPriority() to the current priority
// META: global=window,worker
// taskhost's own test (no upstream counterpart): "signal priority change" step 2 returns early
// when the priority is unchanged, so no prioritychange event fires and nothing moves.
'use strict';

test(() => {
  for (const priority of ['user-blocking', 'user-visible', 'background']) {
    const controller = new TaskController({priority});
    let events = 0;
    controller.signal.onprioritychange = () => events++;
    controller.signal.addEventListener('prioritychange', () => events++);
    controller.setPriority(priority);
    assert_equals(events, 0, `no event for ${priority}`);
    assert_equals(controller.signal.priority, priority);
  }
}, 'setPriority() to the current priority fires no prioritychange event');

test(() => {
  const controller = new TaskController();
  const dependent = TaskSignal.any([], {priority: controller.signal});
  const nested = TaskSignal.any([], {priority: dependent});
  const events = [];
  for (const [name, signal] of [['source', controller.signal], ['dependent', dependent], ['nested', nested]])
    signal.onprioritychange = () => events.push(name);
  controller.setPriority('user-visible');
  assert_array_equals(events, []);
}, 'setPriority() to the current priority fires no event on dependent signals');

test(() => {
  const controller = new TaskController();
  const previous = [];
  controller.signal.onprioritychange = e => previous.push(e.previousPriority);
  controller.setPriority('background');
  controller.setPriority('background');
  controller.setPriority('user-visible');
  controller.setPriority('user-visible');
  assert_array_equals(previous, ['user-visible', 'background']);
}, 'Only calls that change the priority fire events');

promise_test(async t => {
  // Nothing moves: the signal's tasks stay in posting order with the fixed user-visible ones.
  const order = [];
  const controller = new TaskController();
  const signal = controller.signal;
  const tasks = [
    scheduler.postTask(() => order.push('s1'), {signal}),
    scheduler.postTask(() => order.push('uv1')),
    scheduler.postTask(() => order.push('s2'), {signal}),
    scheduler.postTask(() => order.push('uv2')),
  ];
  controller.setPriority('user-visible');
  await Promise.all(tasks);
  assert_array_equals(order, ['s1', 'uv1', 's2', 'uv2']);
}, 'setPriority() to the current priority does not reorder tasks');
