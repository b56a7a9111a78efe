// META: title=Scheduler: two schedulers of one event loop
// Derived from web-platform-tests scheduler/post-task-multiple-scheduler-order.window.js (behaviour
// re-written for taskhost). An iframe's window has its own Scheduler on its parent's event loop:
// tasks of equal priority run in the event loop's enqueue order whichever scheduler took them, and
// a higher priority runs first (§2.4.2 steps 3–5, "select the next scheduler task queue from all
// schedulers"). Each subtest awaits its checks, so a wrong order fails the subtest.
'use strict';

function frameWindow(t) {
  const iframe = document.createElement('iframe');
  let loaded = false;
  iframe.onload = () => { loaded = true; };
  document.body.appendChild(iframe);
  t.add_cleanup(() => iframe.remove());
  assert_true(loaded, 'an about:blank iframe fires load inside appendChild');
  return iframe.contentWindow;
}

promise_test(async t => {
  const frame = frameWindow(t);
  assert_not_equals(frame.scheduler, scheduler, 'each window has its own scheduler');
  const order = [];
  await Promise.all([
    scheduler.postTask(() => order.push('outer 1')),
    frame.scheduler.postTask(() => order.push('inner 1')),
    scheduler.postTask(() => order.push('outer 2')),
    frame.scheduler.postTask(() => order.push('inner 2')),
  ]);
  assert_array_equals(order, ['outer 1', 'inner 1', 'outer 2', 'inner 2']);
}, 'equal priorities run in posting order across two schedulers');

promise_test(async t => {
  const frame = frameWindow(t);
  const order = [];
  await Promise.all([
    scheduler.postTask(() => order.push('outer background'), {priority: 'background'}),
    frame.scheduler.postTask(() => order.push('inner user-visible')),
    scheduler.postTask(() => order.push('outer user-visible')),
    frame.scheduler.postTask(() => order.push('inner user-blocking'), {priority: 'user-blocking'}),
  ]);
  assert_array_equals(order,
      ['inner user-blocking', 'inner user-visible', 'outer user-visible', 'outer background']);
}, 'higher priorities run first whichever scheduler took them');
