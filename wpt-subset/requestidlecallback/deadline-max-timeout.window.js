// Derived from web-platform-tests requestidlecallback/deadline-max.html (behaviour re-written for taskhost).
// requestIdleCallback §5.4 and HTML's event loop "compute deadline": an idle period is at most
// 50 ms long and ends no later than the next timer's due time.
'use strict';

async_test((t) => {
  setTimeout(t.step_func(() => {
    const timerSetAt = performance.now();
    let timerRan = false;
    setTimeout(() => { timerRan = true; }, 20);
    requestIdleCallback(t.step_func_done((deadline) => {
      const remaining = deadline.timeRemaining();
      // The user agent decides when the idle period starts: before the timer runs (then it
      // ends by the timer's due time), or after (then no timer is pending).
      const bound = timerRan ? 50 : Math.max(timerSetAt + 20 - performance.now(), 0);
      assert_less_than_equal(remaining, bound + 1,
        'the idle period ends by the time the pending timer is due');
    }));
  }), 0);
}, 'The deadline is no later than the next timer\'s due time');

async_test((t) => {
  requestIdleCallback(t.step_func_done((deadline) => {
    assert_less_than_equal(deadline.timeRemaining(), 50);
  }));
}, 'The deadline is at most 50 ms away');
