// META: title=Scheduler: the order of delayed tasks
// META: global=window,worker
// taskhost's own test (no upstream counterpart): delayed postTask() tasks among themselves, with
// priorities, and with timers. A delayed task is queued when its delay expires ("run steps after a
// timeout"), then competes like any task of its priority. Orders with timers follow taskhost's
// event-loop policy (docs/EVENT_LOOP.md): user-visible tasks, timers and messages share one band
// ordered by the time each became runnable; user-blocking tasks go before it, background after.
'use strict';

// Busy-waits so that every delay shorter than `ms`, started before the call, has expired
// when the current task ends.
function letTimePass(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}

promise_test(async t => {
  const order = [];
  const tasks = [
    scheduler.postTask(() => order.push('30ms'), {delay: 30}),
    scheduler.postTask(() => order.push('10ms'), {delay: 10}),
    scheduler.postTask(() => order.push('20ms'), {delay: 20}),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['10ms', '20ms', '30ms']);
}, 'Delayed tasks run in the order their delays expire');

promise_test(async t => {
  const order = [];
  const tasks = [];
  for (let i = 0; i < 5; i++)
    tasks.push(scheduler.postTask(() => order.push(i), {delay: 5}));
  await Promise.all(tasks);
  assert_array_equals(order, [0, 1, 2, 3, 4]);
}, 'Delayed tasks with equal delays run in posting order');

promise_test(async t => {
  // Even when their delays expired long before they can run, they keep due-time order. The
  // due times are 10 ms apart, so the time between the calls cannot reorder them.
  const order = [];
  const tasks = [
    scheduler.postTask(() => order.push('30ms'), {delay: 30}),
    scheduler.postTask(() => order.push('10ms'), {delay: 10}),
    scheduler.postTask(() => order.push('20ms'), {delay: 20}),
  ];
  letTimePass(40);
  await Promise.all(tasks);
  assert_array_equals(order, ['10ms', '20ms', '30ms']);
}, 'Delayed tasks that all expired during a long task run in due-time order');

promise_test(async t => {
  // delay: 0 means "not delayed": the task is queued at once, ahead of a later postTask().
  const order = [];
  const tasks = [
    scheduler.postTask(() => order.push('delay 0'), {delay: 0}),
    scheduler.postTask(() => order.push('no delay')),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['delay 0', 'no delay']);
}, 'A task with delay 0 is queued at once');

promise_test(async t => {
  // [EnforceRange] unsigned long long truncates: 0.9 becomes 0, i.e. not delayed.
  const order = [];
  const tasks = [
    scheduler.postTask(() => order.push('delay 0.9'), {delay: 0.9}),
    scheduler.postTask(() => order.push('no delay')),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['delay 0.9', 'no delay']);
}, 'A fractional delay below 1 is truncated to 0');

promise_test(async t => {
  const order = [];
  const tasks = [
    scheduler.postTask(() => order.push('bg'), {priority: 'background', delay: 1}),
    scheduler.postTask(() => order.push('uv'), {priority: 'user-visible', delay: 1}),
    scheduler.postTask(() => order.push('ub'), {priority: 'user-blocking', delay: 1}),
  ];
  letTimePass(5);
  await Promise.all(tasks);
  assert_array_equals(order, ['ub', 'uv', 'bg']);
}, 'Delayed tasks that expired together run in priority order');

promise_test(async t => {
  // Once its delay expired, a delayed user-visible task goes before a background task that
  // was posted (undelayed) before it.
  const order = [];
  const tasks = [
    scheduler.postTask(() => order.push('bg'), {priority: 'background'}),
    scheduler.postTask(() => order.push('delayed uv'), {delay: 1}),
  ];
  letTimePass(5);
  await Promise.all(tasks);
  assert_array_equals(order, ['delayed uv', 'bg']);
}, 'An expired delayed task is ordered by its priority, not by its posting time');

promise_test(async t => {
  // A timer and a delayed user-visible task with the same delay: the one set first is due
  // first (taskhost policy: timers and user-visible tasks by the time they became runnable).
  const order = [];
  const timer = new Promise(resolve => setTimeout(() => { order.push('timer'); resolve(); }, 5));
  const task = scheduler.postTask(() => order.push('task'), {delay: 5});
  await Promise.all([timer, task]);
  assert_array_equals(order, ['timer', 'task']);
}, 'A timer and a delayed user-visible task with the same delay run in the order they were set');

promise_test(async t => {
  // The timer is set first but is due later: the delayed task runs first.
  const order = [];
  const timer = new Promise(resolve => setTimeout(() => { order.push('timer'); resolve(); }, 40));
  const task = scheduler.postTask(() => order.push('task'), {delay: 1});
  await Promise.all([timer, task]);
  assert_array_equals(order, ['task', 'timer']);
}, 'A delayed task runs before a timer that is due later');

promise_test(async t => {
  // A user-blocking task whose delay expired goes before a timer that was due earlier.
  const order = [];
  const timer = new Promise(resolve => setTimeout(() => { order.push('timer'); resolve(); }, 0));
  const task = scheduler.postTask(() => order.push('ub task'), {priority: 'user-blocking', delay: 1});
  letTimePass(5);
  await Promise.all([timer, task]);
  assert_array_equals(order, ['ub task', 'timer']);
}, 'An expired delayed user-blocking task runs before a due timer');

promise_test(async t => {
  // A background task whose delay expired first still waits for a timer that is due.
  const order = [];
  const task = scheduler.postTask(() => order.push('bg task'), {priority: 'background', delay: 1});
  const timer = new Promise(resolve => setTimeout(() => { order.push('timer'); resolve(); }, 2));
  letTimePass(5);
  await Promise.all([timer, task]);
  assert_array_equals(order, ['timer', 'bg task']);
}, 'An expired delayed background task runs after a due timer');
