// META: title=Scheduler: postTask() tasks among timers and messages
// META: global=window,worker
// taskhost's own test (no upstream counterpart): how scheduler tasks interleave with other task
// sources. The draft leaves this to the implementation and recommends (note in §4.1.3) effective
// priority >= 3 above most task sources, 2 like timers, 0-1 only when nothing else is runnable.
// taskhost's policy (docs/EVENT_LOOP.md): user-blocking tasks first; user-visible tasks, timers
// and messages in one band by the time each became runnable; background tasks after them.
'use strict';

function timer(order, label) {
  return new Promise(resolve => setTimeout(() => { order.push(label); resolve(); }, 0));
}

function message(order, label) {
  const channel = new MessageChannel();
  return new Promise(resolve => {
    channel.port2.onmessage = () => { order.push(label); channel.port1.close(); channel.port2.close(); resolve(); };
    channel.port1.postMessage(label);
  });
}

promise_test(async t => {
  const order = [];
  const all = [
    timer(order, 'T1'),
    scheduler.postTask(() => order.push('P1')),
    timer(order, 'T2'),
    scheduler.postTask(() => order.push('P2')),
  ];
  await Promise.all(all);
  assert_array_equals(order, ['T1', 'P1', 'T2', 'P2']);
}, 'User-visible tasks and timers run in the order they were queued');

promise_test(async t => {
  const order = [];
  const all = [
    timer(order, 'T'),
    scheduler.postTask(() => order.push('UV')),
    scheduler.postTask(() => order.push('UB'), {priority: 'user-blocking'}),
  ];
  await Promise.all(all);
  assert_array_equals(order, ['UB', 'T', 'UV']);
}, 'A user-blocking task runs before a timer that was due earlier');

promise_test(async t => {
  const order = [];
  const all = [
    scheduler.postTask(() => order.push('BG'), {priority: 'background'}),
    timer(order, 'T'),
  ];
  await Promise.all(all);
  assert_array_equals(order, ['T', 'BG']);
}, 'A background task runs after a timer that was queued after it');

promise_test(async t => {
  const order = [];
  const all = [
    message(order, 'M1'),
    scheduler.postTask(() => order.push('P1')),
    message(order, 'M2'),
    scheduler.postTask(() => order.push('P2')),
  ];
  await Promise.all(all);
  assert_array_equals(order, ['M1', 'P1', 'M2', 'P2']);
}, 'User-visible tasks and messages run in the order they were queued');

promise_test(async t => {
  const order = [];
  const all = [
    scheduler.postTask(() => order.push('BG'), {priority: 'background'}),
    message(order, 'M'),
    scheduler.postTask(() => order.push('UB'), {priority: 'user-blocking'}),
  ];
  await Promise.all(all);
  assert_array_equals(order, ['UB', 'M', 'BG']);
}, 'Messages run after user-blocking tasks and before background tasks');

promise_test(async t => {
  // While a timer keeps re-arming itself with a zero delay, background tasks wait: they run
  // only when nothing else is runnable.
  const order = [];
  let ticks = 0;
  const ticking = new Promise(resolve => {
    const tick = () => {
      order.push('T' + ticks);
      if (++ticks < 3) setTimeout(tick, 0); else resolve();
    };
    setTimeout(tick, 0);
  });
  const bg = scheduler.postTask(() => order.push('BG'), {priority: 'background'});
  await Promise.all([ticking, bg]);
  assert_array_equals(order, ['T0', 'T1', 'T2', 'BG']);
}, 'A background task waits while timers are runnable');
