// META: title=Scheduler: TaskController.abort() basics
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-controller-abort1.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  const controller = new TaskController();
  let ran = false;
  const result = scheduler.postTask(() => { ran = true; }, {signal: controller.signal});
  controller.abort();
  await promise_rejects_dom(t, 'AbortError', result);
  // The task was user-visible: had it stayed queued, it would run before this one.
  await scheduler.postTask(() => {}, {priority: 'background'});
  assert_false(ran, 'the aborted task must not run');
}, 'Test that TaskController.abort() prevents a task from running and rejects the promise');

// taskhost's own subtests below.

promise_test(async t => {
  // The abort steps reject the promise synchronously: its reaction runs before the next task,
  // which was queued before the aborted one.
  const order = [];
  const controller = new TaskController({priority: 'background'});
  const earlier = scheduler.postTask(() => order.push('earlier task'), {priority: 'user-blocking'});
  const result = scheduler.postTask(() => order.push('aborted task'), {signal: controller.signal});
  result.catch(() => order.push('rejected'));
  controller.abort();
  await earlier;
  assert_array_equals(order, ['rejected', 'earlier task']);
}, 'abort() rejects the task promise at once, before other queued tasks run');

promise_test(async t => {
  // abort() during a task: the signal's other pending tasks never run.
  const order = [];
  const controller = new TaskController();
  const signal = controller.signal;
  const first = scheduler.postTask(() => { order.push('first'); controller.abort(); }, {priority: 'user-blocking'});
  const pending = [1, 2, 3].map(i => scheduler.postTask(() => order.push('signal' + i), {signal}));
  const other = scheduler.postTask(() => order.push('other'));
  await first;
  for (const result of pending)
    await promise_rejects_dom(t, 'AbortError', result);
  await other;
  assert_array_equals(order, ['first', 'other']);
}, 'abort() from a task drops every pending task of the signal');

test(t => {
  const controller = new TaskController();
  const events = [];
  controller.signal.onabort = e => events.push([e.type, e.target === controller.signal]);
  controller.abort('why');
  controller.abort('again');
  assert_true(controller.signal.aborted, 'aborted');
  assert_equals(controller.signal.reason, 'why', 'the first reason stays');
  assert_array_equals(events.map(e => e.join()), ['abort,true'], 'one abort event');
  assert_equals(controller.signal.priority, 'user-visible', 'the priority is unchanged');
}, 'abort() aborts the TaskSignal once and fires one abort event');

test(t => {
  // An aborted signal still has a priority, and setPriority() still works and fires events.
  const controller = new TaskController();
  controller.abort();
  let previous = null;
  controller.signal.onprioritychange = e => { previous = e.previousPriority; };
  controller.setPriority('background');
  assert_equals(controller.signal.priority, 'background');
  assert_equals(previous, 'user-visible');
}, 'setPriority() still changes the priority of an aborted signal');
