// META: title=Scheduler: postTask() tasks and idle callbacks
// taskhost's own test (no upstream counterpart): idle callbacks run only when nothing else is
// runnable, so after background tasks (taskhost's event-loop policy, docs/EVENT_LOOP.md band 4;
// the draft: background tasks run when nothing else is runnable, idle callbacks are idle work).
'use strict';

promise_test(async t => {
  const order = [];
  const idle = new Promise(resolve => requestIdleCallback(() => { order.push('idle'); resolve(); }));
  const tasks = [
    scheduler.postTask(() => order.push('bg'), {priority: 'background'}),
    scheduler.postTask(() => order.push('uv')),
    scheduler.postTask(() => order.push('ub'), {priority: 'user-blocking'}),
  ];
  await Promise.all([idle, ...tasks]);
  assert_array_equals(order, ['ub', 'uv', 'bg', 'idle']);
}, 'An idle callback runs after tasks of every priority');

promise_test(async t => {
  // A background task posted by an idle callback runs before the next idle callback.
  const order = [];
  let inner;
  const idle = new Promise(resolve => {
    requestIdleCallback(() => {
      order.push('idle1');
      inner = scheduler.postTask(() => order.push('bg'), {priority: 'background'});
    });
    requestIdleCallback(() => { order.push('idle2'); resolve(); });
  });
  await idle;
  await inner;
  assert_array_equals(order, ['idle1', 'bg', 'idle2']);
}, 'A background task posted from an idle callback runs before the next idle callback');
