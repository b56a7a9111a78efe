// META: global=window,worker
// taskhost's own test (no upstream counterpart): the run order of continuations and tasks by
// effective priority (2*rank + 1 for a continuation, 2*rank for a task), and yield() outside
// any scheduler task (no scheduling state: a user-visible continuation).
'use strict';

promise_test(async t => {
  // Each reaction below captures the scheduling state of the task that registered it; all
  // three run, and call yield(), in one later microtask checkpoint, next to three tasks.
  const order = [];
  const gates = {};
  const continuations = [];
  for (const priority of ['user-blocking', 'user-visible', 'background']) {
    const gate = Promise.withResolvers();
    gates[priority] = gate;
    await scheduler.postTask(() => {
      continuations.push(gate.promise.then(async () => {
        await scheduler.yield();
        order.push(priority + ' continuation');
      }));
    }, {priority});
  }
  const tasks = ['background', 'user-visible', 'user-blocking'].map(
      priority => scheduler.postTask(() => order.push(priority + ' task'), {priority}));
  for (const gate of Object.values(gates))
    gate.resolve();
  await Promise.all([...continuations, ...tasks]);
  assert_array_equals(order, [
    'user-blocking continuation',  // 5
    'user-blocking task',          // 4
    'user-visible continuation',   // 3
    'user-visible task',           // 2
    'background continuation',     // 1
    'background task',             // 0
  ]);
}, 'Continuations and tasks run by effective priority');

promise_test(async t => {
  // This test body runs outside any scheduler task.
  const order = [];
  const tasks = [
    scheduler.postTask(() => order.push('uv task')),
    scheduler.postTask(() => order.push('ub task'), {priority: 'user-blocking'}),
    scheduler.postTask(() => order.push('bg task'), {priority: 'background'}),
  ];
  await scheduler.yield();
  order.push('continuation');
  await Promise.all(tasks);
  assert_array_equals(order, ['ub task', 'continuation', 'uv task', 'bg task']);
}, 'yield() outside a scheduler task is a user-visible continuation');

promise_test(async t => {
  const order = [];
  const task = scheduler.postTask(() => order.push('uv task'));
  await new Promise(resolve => queueMicrotask(async () => {
    await scheduler.yield();
    order.push('continuation');
    resolve();
  }));
  await task;
  assert_array_equals(order, ['continuation', 'uv task']);
}, 'yield() in a microtask queued outside a scheduler task is a user-visible continuation');

promise_test(async t => {
  assert_equals(await scheduler.yield(), undefined, 'outside a task');
  assert_equals(await scheduler.postTask(() => scheduler.yield(), {priority: 'background'}), undefined,
                'inside a background task');
}, 'yield() resolves with undefined');

promise_test(async t => {
  // Continuations of one priority from different tasks run in the order they were queued.
  const order = [];
  const pending = [];
  const tasks = ['A', 'B'].map(id => scheduler.postTask(() => {
    pending.push(scheduler.yield().then(() => order.push(id + ' continuation')));
    order.push(id);
  }, {priority: 'user-blocking'}));
  await Promise.all(tasks);
  await Promise.all(pending);
  // A's continuation (5) runs before task B (4).
  assert_array_equals(order, ['A', 'A continuation', 'B', 'B continuation']);
}, 'A user-blocking continuation runs before the next user-blocking task');

promise_test(async t => {
  // Each yield() is a new continuation, behind the continuations already queued.
  const order = [];
  await scheduler.postTask(async () => {
    const first = scheduler.yield().then(async () => {
      order.push('first');
      await scheduler.yield();
      order.push('first again');
    });
    const second = scheduler.yield().then(() => order.push('second'));
    await Promise.all([first, second]);
  });
  assert_array_equals(order, ['first', 'second', 'first again']);
}, 'A yield() from a continuation is queued behind pending continuations');
