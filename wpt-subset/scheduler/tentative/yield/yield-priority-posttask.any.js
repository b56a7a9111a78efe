// META: global=window,worker
// Derived from web-platform-tests scheduler/tentative/yield/yield-priority-posttask.any.js (behaviour re-written for taskhost).
// A yield() continuation takes the priority of its task and runs before the tasks of that
// priority, but after tasks of higher priority: effective priority 2*rank + 1.
'use strict';

// Posts a task with `options` that logs y0, then yields three times (y1..y3); then posts two
// tasks of each priority. Returns the run order.
async function runYieldyTask(options) {
  const order = [];
  const tasks = [
    scheduler.postTask(async () => {
      order.push('y0');
      for (let i = 1; i <= 3; i++) {
        await scheduler.yield();
        order.push('y' + i);
      }
    }, options),
  ];
  for (const [prefix, priority] of [['ub', 'user-blocking'], ['uv', 'user-visible'], ['bg', 'background']]) {
    for (const n of [1, 2])
      tasks.push(scheduler.postTask(() => order.push(prefix + n), {priority}));
  }
  await Promise.all(tasks);
  return order.join();
}

const expected = {
  'user-blocking': 'y0,y1,y2,y3,ub1,ub2,uv1,uv2,bg1,bg2',
  'user-visible': 'ub1,ub2,y0,y1,y2,y3,uv1,uv2,bg1,bg2',
  'background': 'ub1,ub2,uv1,uv2,y0,y1,y2,y3,bg1,bg2',
};

promise_test(async t => {
  assert_equals(await runYieldyTask({}), expected['user-visible'], 'no priority');
  for (const priority of ['user-visible', 'user-blocking', 'background'])
    assert_equals(await runYieldyTask({priority}), expected[priority], priority);
}, 'yield() with postTask tasks (priority)');

promise_test(async t => {
  for (const priority of ['user-visible', 'user-blocking', 'background']) {
    const signal = new TaskController({priority}).signal;
    assert_equals(await runYieldyTask({signal}), expected[priority], priority);
  }
}, 'yield() with postTask tasks (signal)');

promise_test(async t => {
  const order = [];
  const controller = new TaskController();
  const subtasks = [];
  await scheduler.postTask(async () => {
    order.push('y0');
    subtasks.push(scheduler.postTask(() => order.push('uv1')));
    subtasks.push(scheduler.postTask(() => order.push('uv2')));
    // user-visible continuations: ahead of the user-visible tasks.
    await scheduler.yield();
    order.push('y1');
    await scheduler.yield();
    order.push('y2');
    // The continuation queue follows the signal: now behind them.
    controller.setPriority('background');
    await scheduler.yield();
    order.push('y3');
    await scheduler.yield();
    order.push('y4');
    await Promise.all(subtasks);
  }, {signal: controller.signal});
  assert_equals(order.join(), 'y0,y1,y2,uv1,uv2,y3,y4');
}, 'yield() with TaskSignal has dynamic priority');

// taskhost's own subtests below.

promise_test(async t => {
  // A pending continuation moves with its signal.
  const order = [];
  const controller = new TaskController({priority: 'background'});
  let continuation;
  const task = scheduler.postTask(() => {
    continuation = scheduler.yield().then(() => order.push('continuation'));
  }, {signal: controller.signal});
  await task;
  const others = [
    scheduler.postTask(() => order.push('ub'), {priority: 'user-blocking'}),
    scheduler.postTask(() => order.push('uv')),
  ];
  controller.setPriority('user-blocking');
  await Promise.all([continuation, ...others]);
  // Now a user-blocking continuation (5): before the user-blocking task (4).
  assert_array_equals(order, ['continuation', 'ub', 'uv']);
}, 'setPriority() moves a continuation that is already queued');

promise_test(async t => {
  // Continuations from one task at one priority run in the order yield() was called.
  const order = [];
  await scheduler.postTask(() => {
    const continuations = ['a', 'b', 'c'].map(id => scheduler.yield().then(() => order.push(id)));
    return Promise.all(continuations);
  });
  assert_array_equals(order, ['a', 'b', 'c']);
}, 'Continuations of the same priority run in the order they were queued');

promise_test(async t => {
  // A continuation queued by a later task still goes before an earlier task of its priority.
  const order = [];
  const tasks = [
    scheduler.postTask(async () => {
      order.push('A');
      await scheduler.yield();
      order.push('A continuation');
    }, {priority: 'background'}),
    scheduler.postTask(() => order.push('B'), {priority: 'background'}),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['A', 'A continuation', 'B']);
}, 'A background continuation runs before a background task queued earlier');
