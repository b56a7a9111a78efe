// Derived from web-platform-tests requestidlecallback/cancel-invoked.html (behaviour re-written for taskhost).
// requestIdleCallback §5.3 cancelIdleCallback(handle): removes the callback from the idle
// request and runnable lists, so it is not invoked, not even by its timeout.
'use strict';

async_test((t) => {
  const id = requestIdleCallback(t.unreached_func('cancelled callback was invoked'));
  cancelIdleCallback(id);
  requestIdleCallback(t.step_func_done());
}, 'A cancelled callback is not invoked');

async_test((t) => {
  let second;
  requestIdleCallback(() => cancelIdleCallback(second));
  second = requestIdleCallback(t.unreached_func('cancelled from an earlier idle callback'));
  requestIdleCallback(t.step_func_done());
}, 'An idle callback can cancel a later one of the same idle period');

async_test((t) => {
  const id = requestIdleCallback(t.unreached_func('cancelled callback with a timeout'), { timeout: 1 });
  cancelIdleCallback(id);
  // Keep the event loop busy past the timeout: the timeout path must not invoke it either.
  const until = performance.now() + 5;
  while (performance.now() < until) {
    // Busy wait in the same task, so the 1 ms timeout expires before any idle period.
  }
  setTimeout(t.step_func(() => {
    requestIdleCallback(t.step_func_done());
  }), 5);
}, 'A cancelled callback with a timeout is not invoked by the timeout');

async_test((t) => {
  let runs = 0;
  const id = requestIdleCallback(() => runs++);
  requestIdleCallback(t.step_func(() => {
    cancelIdleCallback(id); // Already ran: nothing happens.
    requestIdleCallback(t.step_func_done(() => assert_equals(runs, 1)));
  }));
}, 'Cancelling a callback that already ran does nothing');

async_test((t) => {
  const log = [];
  const id = requestIdleCallback(() => log.push('self-cancelling'));
  requestIdleCallback(() => log.push('other'));
  cancelIdleCallback(id);
  cancelIdleCallback(id);
  requestIdleCallback(t.step_func_done(() => assert_array_equals(log, ['other'])));
}, 'cancelIdleCallback only affects its own handle');
