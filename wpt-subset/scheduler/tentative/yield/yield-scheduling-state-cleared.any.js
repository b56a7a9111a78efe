// META: global=window,worker
// Derived from web-platform-tests scheduler/tentative/yield/yield-scheduling-state-cleared.any.js (behaviour re-written for taskhost).
// The scheduling state of a task is cleared when the task ends: a timer set from a background
// task runs with no state, so yield() in it is a default user-visible continuation.
'use strict';

promise_test(async t => {
  const order = [];
  await new Promise(resolve => {
    scheduler.postTask(() => {
      setTimeout(async () => {
        const task = scheduler.postTask(() => order.push('task'));
        await scheduler.yield();
        order.push('continuation');
        await task;
        resolve();
      }, 0);
    }, {priority: 'background'});
  });
  // A user-visible continuation goes before the user-visible task; a background one would not.
  assert_equals(order.join(), 'continuation,task');
}, 'yield() does not leak priority across tasks');

// taskhost's own subtests below.

promise_test(async t => {
  // Abort is not inherited by a timer either: aborting the task's signal does not reject a
  // yield() made in a timer callback set by the task.
  const controller = new TaskController();
  const result = await new Promise(resolve => {
    scheduler.postTask(() => {
      setTimeout(() => {
        controller.abort();
        scheduler.yield().then(() => resolve('resolved'), () => resolve('rejected'));
      }, 0);
    }, {signal: controller.signal});
  });
  assert_equals(result, 'resolved');
}, 'yield() in a timer set by a task does not inherit its abort signal');

promise_test(async t => {
  // A task posted from a background task without options does not inherit its priority: it
  // is user-visible, and so is its continuation.
  const order = [];
  let inner;
  await scheduler.postTask(() => {
    inner = scheduler.postTask(async () => {
      const task = scheduler.postTask(() => order.push('uv task'));
      await scheduler.yield();
      order.push('continuation');
      await task;
    });
  }, {priority: 'background'});
  await inner;
  assert_equals(order.join(), 'continuation,uv task');
}, 'A task posted from a background task does not inherit its priority');

promise_test(async t => {
  // The next task after a background task starts with no state: a reaction registered by
  // the user-visible task that follows is not background.
  const order = [];
  const tasks = [
    scheduler.postTask(() => order.push('bg'), {priority: 'background'}),
  ];
  await tasks[0];
  // This code runs in a reaction registered outside any task.
  const uv = scheduler.postTask(() => order.push('uv'));
  await scheduler.yield();
  order.push('continuation');
  await uv;
  assert_array_equals(order, ['bg', 'continuation', 'uv']);
}, 'Code after awaiting a background task does not inherit its priority');
