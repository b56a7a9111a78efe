// META: title=Scheduler: postTask() with both a signal and a priority
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-with-signal-and-priority.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  // The explicit priority (user-blocking) overrides the signal's (background).
  const signal = new TaskController({priority: 'background'}).signal;
  const first = scheduler.postTask(() => 'user-visible task', {priority: 'user-visible'});
  const second = scheduler.postTask(() => 'signal task', {priority: 'user-blocking', signal});
  assert_equals(await Promise.race([first, second]), 'signal task');
}, 'Test when scheduler.postTask() is passed both a signal and a priority');

// taskhost's own subtests below.

promise_test(async t => {
  // With an explicit priority the task is in that priority's fixed queue, FIFO with the other
  // tasks of that priority, whatever the signal's priority.
  const order = [];
  const signal = new TaskController({priority: 'user-blocking'}).signal;
  const tasks = [
    scheduler.postTask(() => order.push('uv1')),
    scheduler.postTask(() => order.push('signal'), {priority: 'user-visible', signal}),
    scheduler.postTask(() => order.push('uv2')),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['uv1', 'signal', 'uv2']);
}, 'A task posted with a priority and a signal is ordered with the tasks of that priority');

promise_test(async t => {
  // setPriority() changes the signal's priority, but not that of a task whose priority was
  // given explicitly.
  const order = [];
  const controller = new TaskController({priority: 'user-visible'});
  const signal = controller.signal;
  const tasks = [
    scheduler.postTask(() => order.push('uv'), {priority: 'user-visible'}),
    scheduler.postTask(() => order.push('explicit bg'), {priority: 'background', signal}),
    scheduler.postTask(() => order.push('follows signal'), {signal}),
  ];
  controller.setPriority('user-blocking');
  await Promise.all(tasks);
  assert_array_equals(order, ['follows signal', 'uv', 'explicit bg']);
}, 'setPriority() does not move a task that was posted with an explicit priority');

promise_test(async t => {
  const controller = new TaskController({priority: 'background'});
  const result = scheduler.postTask(() => {}, {priority: 'user-blocking', signal: controller.signal});
  controller.abort();
  await promise_rejects_dom(t, 'AbortError', result);
}, 'A task posted with a priority and a signal is still aborted by the signal');
