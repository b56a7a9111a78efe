// META: title=Scheduler: aborting a delayed task
// META: global=window,worker
// taskhost's own test (no upstream counterpart): the abort steps of a delayed task reject its
// promise when the signal is aborted, and the task is not queued when its delay expires.
'use strict';

promise_test(async t => {
  const reason = new Error('aborted during the delay');
  const controller = new TaskController();
  let ran = false;
  const result = scheduler.postTask(() => { ran = true; }, {signal: controller.signal, delay: 5});
  controller.abort(reason);
  await promise_rejects_exactly(t, reason, result);
  // A later timer is due after the task's delay expired; after it, a background task runs only
  // once everything queued has run.
  await new Promise(resolve => setTimeout(resolve, 15));
  await scheduler.postTask(() => {}, {priority: 'background'});
  assert_false(ran, 'the aborted delayed task must not run');
}, 'Aborting a delayed task during its delay rejects it with the reason and it never runs');

promise_test(async t => {
  // The rejection comes at abort time, not when the delay expires.
  const order = [];
  const controller = new AbortController();
  const result = scheduler.postTask(() => order.push('delayed task'), {signal: controller.signal, delay: 200});
  result.catch(() => order.push('rejected'));
  controller.abort();
  await scheduler.postTask(() => order.push('bg task'), {priority: 'background'});
  assert_array_equals(order, ['rejected', 'bg task']);
}, 'A delayed task is rejected as soon as its signal is aborted');

promise_test(async t => {
  // Aborting one of several delayed tasks leaves the others.
  const order = [];
  const controller = new TaskController();
  const tasks = [
    scheduler.postTask(() => order.push('a'), {delay: 2}),
    scheduler.postTask(() => order.push('b'), {delay: 1, signal: controller.signal}),
    scheduler.postTask(() => order.push('c'), {delay: 3}),
  ];
  controller.abort();
  await promise_rejects_dom(t, 'AbortError', tasks[1]);
  await Promise.all([tasks[0], tasks[2]]);
  assert_array_equals(order, ['a', 'c']);
}, 'Aborting a delayed task does not affect other delayed tasks');

promise_test(async t => {
  // The delay expires while the task's own controller is aborted by an earlier task.
  const order = [];
  const controller = new TaskController();
  const delayed = scheduler.postTask(() => order.push('delayed'), {delay: 20, signal: controller.signal});
  const aborter = scheduler.postTask(() => { order.push('aborter'); controller.abort(); }, {delay: 1});
  await aborter;
  await promise_rejects_dom(t, 'AbortError', delayed);
  await new Promise(resolve => setTimeout(resolve, 30));
  await scheduler.postTask(() => {}, {priority: 'background'});
  assert_array_equals(order, ['aborter']);
}, 'A delayed task aborted by another delayed task never runs');
