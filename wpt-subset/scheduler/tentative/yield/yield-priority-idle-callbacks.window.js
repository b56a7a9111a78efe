// META: title=Scheduler: yield() inside requestIdleCallback()
// Derived from web-platform-tests scheduler/tentative/yield/yield-priority-idle-callbacks.html (behaviour re-written for taskhost).
// An idle callback runs with a scheduling state whose priority source is a fixed "background"
// signal (§4.2), so yield() there is a background continuation: after user-visible tasks,
// before background tasks, and before the next idle callback.
'use strict';

promise_test(async t => {
  const order = [];
  const tasks = [];
  await new Promise(resolve => {
    requestIdleCallback(async () => {
      order.push('i1');
      tasks.push(scheduler.postTask(() => order.push('uv1')));
      tasks.push(scheduler.postTask(() => order.push('uv2')));
      tasks.push(scheduler.postTask(() => order.push('bg1'), {priority: 'background'}));
      tasks.push(scheduler.postTask(() => order.push('bg2'), {priority: 'background'}));
      tasks.push(new Promise(done => requestIdleCallback(() => { order.push('i2'); done(); })));
      for (let i = 1; i <= 3; i++) {
        await scheduler.yield();
        order.push('y' + i);
      }
      resolve();
    });
  });
  await Promise.all(tasks);
  assert_equals(order.join(), 'i1,uv1,uv2,y1,y2,y3,bg1,bg2,i2');
}, 'requestIdleCallback() yields at background priority when inheriting signal');

// taskhost's own subtests below.

promise_test(async t => {
  // The idle callback's state has no abort source: its continuations cannot be aborted, and
  // they resolve with undefined.
  const value = await new Promise(resolve => {
    requestIdleCallback(() => scheduler.yield().then(resolve));
  });
  assert_equals(value, undefined);
}, 'yield() in an idle callback resolves with undefined');

promise_test(async t => {
  // The state is cleared after the idle callback: a task it posts is user-visible and so is a
  // continuation in that task.
  const order = [];
  let inner;
  await new Promise(resolve => {
    requestIdleCallback(() => {
      inner = scheduler.postTask(async () => {
        const task = scheduler.postTask(() => order.push('uv task'));
        await scheduler.yield();
        order.push('continuation');
        await task;
      });
      resolve();
    });
  });
  await inner;
  assert_equals(order.join(), 'continuation,uv task');
}, 'A task posted from an idle callback does not inherit background priority');

promise_test(async t => {
  // A timer set from an idle callback has no state either.
  const order = [];
  await new Promise(resolve => {
    requestIdleCallback(() => {
      setTimeout(async () => {
        const task = scheduler.postTask(() => order.push('uv task'));
        await scheduler.yield();
        order.push('continuation');
        await task;
        resolve();
      }, 0);
    });
  });
  assert_equals(order.join(), 'continuation,uv task');
}, 'The idle callback\'s scheduling state does not leak into a timer it sets');
