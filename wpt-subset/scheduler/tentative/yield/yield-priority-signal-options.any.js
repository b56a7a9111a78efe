// META: global=window,worker
// taskhost's own test (no upstream counterpart): the priority a continuation inherits from its
// task's postTask() options. The priority source is a fixed signal for the `priority` option if
// given; else the `signal` if it is a TaskSignal; else a fixed "user-visible" signal.
'use strict';

// Runs a task with `options` that posts a task of each priority and then yields; returns where
// the continuation ran among them.
async function continuationPlace(options) {
  const order = [];
  let tasks;
  await scheduler.postTask(async () => {
    tasks = [
      scheduler.postTask(() => order.push('ub'), {priority: 'user-blocking'}),
      scheduler.postTask(() => order.push('uv'), {priority: 'user-visible'}),
      scheduler.postTask(() => order.push('bg'), {priority: 'background'}),
    ];
    await scheduler.yield();
    order.push('continuation');
  }, options);
  await Promise.all(tasks);
  return order.join();
}

const place = {
  'user-blocking': 'continuation,ub,uv,bg',
  'user-visible': 'ub,continuation,uv,bg',
  'background': 'ub,uv,continuation,bg',
};

promise_test(async t => {
  const signal = new TaskController({priority: 'user-blocking'}).signal;
  assert_equals(await continuationPlace({signal, priority: 'background'}), place['background']);
  const bgSignal = new TaskController({priority: 'background'}).signal;
  assert_equals(await continuationPlace({signal: bgSignal, priority: 'user-blocking'}), place['user-blocking']);
}, 'The priority option wins over the signal\'s priority for continuations');

promise_test(async t => {
  // With an explicit priority the continuation does not follow the signal's changes.
  const order = [];
  const controller = new TaskController({priority: 'user-blocking'});
  let tasks;
  await scheduler.postTask(async () => {
    tasks = [scheduler.postTask(() => order.push('uv'))];
    controller.setPriority('background');
    await scheduler.yield();
    order.push('continuation');
  }, {signal: controller.signal, priority: 'user-visible'});
  await Promise.all(tasks);
  assert_array_equals(order, ['continuation', 'uv']);
}, 'A continuation of a task posted with a priority ignores the signal\'s priority changes');

promise_test(async t => {
  const signal = new AbortController().signal;
  assert_equals(await continuationPlace({signal}), place['user-visible']);
}, 'A continuation of a task posted with an AbortSignal is user-visible');

promise_test(async t => {
  for (const priority of ['user-blocking', 'user-visible', 'background']) {
    const signal = TaskSignal.any([], {priority});
    assert_equals(await continuationPlace({signal}), place[priority], priority);
  }
}, 'A continuation of a task posted with a fixed-priority composite signal takes its priority');

promise_test(async t => {
  // The continuation follows the composite signal, which follows its source.
  const order = [];
  const controller = new TaskController({priority: 'user-blocking'});
  const signal = TaskSignal.any([], {priority: controller.signal});
  let tasks;
  await scheduler.postTask(async () => {
    tasks = [
      scheduler.postTask(() => order.push('uv'), {priority: 'user-visible'}),
      scheduler.postTask(() => order.push('bg'), {priority: 'background'}),
    ];
    const continuation = scheduler.yield().then(() => order.push('continuation'));
    controller.setPriority('background');
    await continuation;
  }, {signal});
  await Promise.all(tasks);
  // A background continuation (1): after the user-visible task, before the background task.
  assert_array_equals(order, ['uv', 'continuation', 'bg']);
}, 'A continuation of a task posted with a composite signal follows the source\'s priority');

promise_test(async t => {
  // The signal's priority when the task runs counts, not when it was posted.
  const controller = new TaskController({priority: 'background'});
  const tasks = [];
  const order = [];
  const main = scheduler.postTask(async () => {
    tasks.push(scheduler.postTask(() => order.push('uv')));
    await scheduler.yield();
    order.push('continuation');
  }, {signal: controller.signal});
  controller.setPriority('user-blocking');
  await main;
  await Promise.all(tasks);
  assert_array_equals(order, ['continuation', 'uv']);
}, 'A continuation takes the signal\'s current priority');
