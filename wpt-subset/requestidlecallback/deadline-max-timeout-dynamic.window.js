// Derived from web-platform-tests requestidlecallback/deadline-max-timeout-dynamic.html (behaviour
// re-written for taskhost). requestIdleCallback §4.2 "start an idle period": IdleDeadline's get
// deadline time algorithm runs at every timeRemaining() call, and a timer due before the idle
// period's deadline ends it sooner — also a timer the idle callback sets itself.
'use strict';

for (const timeout of [10, 20, 30]) {
  promise_test(async (t) => {
    const {before, after} = await new Promise((resolve) => requestIdleCallback((deadline) => {
      const before = deadline.timeRemaining();
      const timer = setTimeout(() => {}, timeout);
      const after = deadline.timeRemaining();
      clearTimeout(timer);
      resolve({before, after});
    }));
    assert_less_than_equal(after, before, 'no more time after setting a timer');
    assert_less_than_equal(after, timeout, 'no more time than until the new timer is due');
  }, `a timer of ${timeout} ms set inside the idle callback shortens timeRemaining()`);
}

promise_test(async () => {
  const remaining = await new Promise((resolve) => requestIdleCallback((deadline) => {
    resolve(deadline.timeRemaining());
  }));
  assert_less_than_equal(remaining, 50, 'at most 50 ms');
  assert_greater_than(remaining, 0, 'some time remains in an idle period');
}, 'without timers, timeRemaining() is at most 50 ms');
