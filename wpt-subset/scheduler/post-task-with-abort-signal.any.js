// META: title=Scheduler: postTask() with an AbortSignal
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-with-abort-signal.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  const controller = new AbortController();
  let ran = false;
  const result = scheduler.postTask(() => { ran = true; }, {signal: controller.signal});
  controller.abort();
  await promise_rejects_dom(t, 'AbortError', result);
  await scheduler.postTask(() => {}, {priority: 'background'});
  assert_false(ran, 'the aborted task must not run');
}, 'Test that scheduler.postTask() accepts an AbortSignal that is not also a TaskSignal');

// taskhost's own subtests below.

promise_test(async t => {
  // An AbortSignal carries no priority: the task is user-visible.
  const order = [];
  const signal = new AbortController().signal;
  const tasks = [
    scheduler.postTask(() => order.push('bg'), {priority: 'background'}),
    scheduler.postTask(() => order.push('uv1')),
    scheduler.postTask(() => order.push('signal'), {signal}),
    scheduler.postTask(() => order.push('uv2')),
    scheduler.postTask(() => order.push('ub'), {priority: 'user-blocking'}),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['ub', 'uv1', 'signal', 'uv2', 'bg']);
}, 'A task posted with only an AbortSignal runs at user-visible priority');

promise_test(async t => {
  const controller = new AbortController();
  const result = await scheduler.postTask(() => 'done', {signal: controller.signal});
  assert_equals(result, 'done');
}, 'A task posted with an AbortSignal that is not aborted resolves with the callback value');

promise_test(async t => {
  // Only the tasks that use the aborted signal are dropped.
  const order = [];
  const controller = new AbortController();
  const aborted = [
    scheduler.postTask(() => order.push('a1'), {signal: controller.signal}),
    scheduler.postTask(() => order.push('a2'), {signal: controller.signal, priority: 'user-blocking'}),
  ];
  const kept = scheduler.postTask(() => order.push('kept'));
  controller.abort();
  for (const result of aborted)
    await promise_rejects_dom(t, 'AbortError', result);
  await kept;
  assert_array_equals(order, ['kept']);
}, 'Aborting an AbortSignal drops every task posted with it and no other task');
