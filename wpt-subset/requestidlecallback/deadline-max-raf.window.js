// Derived from web-platform-tests requestidlecallback/deadline-max-rAF.html and
// deadline-max-rAF-dynamic.html, behaviour re-written for taskhost. requestIdleCallback "start
// an idle period": the deadline is no later than the next rendering opportunity while a frame is
// expected (an animation frame callback is pending).
'use strict';

async_test((t) => {
  requestAnimationFrame(t.step_func((frame) => {
    // A frame was just rendered; request the next one, then an idle callback.
    requestAnimationFrame(() => {});
    requestIdleCallback(t.step_func_done((deadline) => {
      // The next frame is at most one 60 Hz period after this one.
      assert_less_than_equal(deadline.timeRemaining(), 1000 / 60 + 1);
    }));
  }));
}, 'an idle period ends at the next frame when one is expected');
