// META: global=window,worker
// Derived from web-platform-tests scheduler/tentative/yield/yield-priority-timers.any.js (behaviour re-written for taskhost).
// A timer callback has no scheduling state, so yield() there is a default user-visible
// continuation (effective priority 3), which taskhost runs before timers that are already due
// (the draft's note in §4.1.3; docs/EVENT_LOOP.md band 1).
'use strict';

promise_test(async t => {
  const order = [];
  const done = [];
  done.push(new Promise(resolve => setTimeout(async () => {
    order.push('t1');
    for (let i = 1; i <= 3; i++) {
      await scheduler.yield();
      order.push('y' + i);
    }
    resolve();
  }, 0)));
  for (const id of ['t2', 't3'])
    done.push(new Promise(resolve => setTimeout(() => { order.push(id); resolve(); }, 0)));
  await Promise.all(done);
  assert_equals(order.join(), 't1,y1,y2,y3,t2,t3');
}, 'yield() with timer tasks (inherit signal)');

// taskhost's own subtests below.

promise_test(async t => {
  // The continuation of a timer callback: after user-blocking tasks, before user-visible ones.
  const order = [];
  let tasks;
  await new Promise(resolve => setTimeout(async () => {
    order.push('timer');
    tasks = [
      scheduler.postTask(() => order.push('uv')),
      scheduler.postTask(() => order.push('ub'), {priority: 'user-blocking'}),
      scheduler.postTask(() => order.push('bg'), {priority: 'background'}),
    ];
    await scheduler.yield();
    order.push('continuation');
    resolve();
  }, 0));
  await Promise.all(tasks);
  assert_array_equals(order, ['timer', 'ub', 'continuation', 'uv', 'bg']);
}, 'yield() in a timer callback is a user-visible continuation');

promise_test(async t => {
  // A message event handler has no scheduling state either.
  const order = [];
  const channel = new MessageChannel();
  t.add_cleanup(() => { channel.port1.close(); channel.port2.close(); });
  let tasks;
  await new Promise(resolve => {
    channel.port2.onmessage = async () => {
      order.push('message');
      tasks = [scheduler.postTask(() => order.push('uv'))];
      await scheduler.yield();
      order.push('continuation');
      resolve();
    };
    channel.port1.postMessage('go');
  });
  await Promise.all(tasks);
  assert_array_equals(order, ['message', 'continuation', 'uv']);
}, 'yield() in a message event handler is a user-visible continuation');
