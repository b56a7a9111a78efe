// META: global=window,worker
// Derived from web-platform-tests html/webappapis/timers/evil-spec-example.any.js (behaviour re-written for taskhost).
// HTML §8.6: a handler that is not a function is converted to a string when setTimeout() is
// called (WebIDL TimerHandler), before the timer is started; the example in the standard's
// timers section relies on this.
'use strict';

async_test((t) => {
  self.evilSpecLog = [];
  self.evilSpecPush = (s) => self.evilSpecLog.push(s);
  setTimeout({
    toString() {
      // Runs during the outer setTimeout() call, so this timer starts first.
      setTimeout('evilSpecPush("ONE")', 10);
      return 'evilSpecPush("TWO")';
    },
  }, 10);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(self.evilSpecLog, ['ONE', 'TWO']);
  }), 20);
}, 'the handler is converted to a string when the timer is set');

async_test((t) => {
  self.stringHandlerArgs = null;
  self.stringHandlerThis = null;
  // A string handler is global code: the extra arguments are not passed to it.
  setTimeout('self.stringHandlerArgs = typeof arguments; self.stringHandlerThis = this;', 0, 'extra');
  setTimeout(t.step_func_done(() => {
    assert_equals(self.stringHandlerArgs, 'undefined', 'no arguments binding in global code');
    assert_equals(self.stringHandlerThis, self, 'this is the global object');
  }), 0);
}, 'a string handler runs as global code');

async_test((t) => {
  self.stringTimerCount = 0;
  const id = setInterval('self.stringTimerCount++', 0);
  setTimeout(t.step_func(() => {
    clearInterval(id);
    const count = self.stringTimerCount;
    assert_greater_than_equal(count, 1, 'the interval ran before the later timeout');
    setTimeout(t.step_func_done(() => {
      assert_equals(self.stringTimerCount, count, 'cleared');
    }), 0);
  }), 0);
}, 'setInterval accepts a string handler');
