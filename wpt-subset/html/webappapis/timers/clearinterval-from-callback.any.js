// META: global=window,worker
// Derived from web-platform-tests html/webappapis/timers/clearinterval-from-callback.any.js (behaviour re-written for taskhost).
// HTML timer initialization steps: a repeating timer is re-armed only if its id is still in the
// map of active timers after the callback ran.
'use strict';

async_test((t) => {
  let runs = 0;
  const id = setInterval(t.step_func(() => {
    runs++;
    clearInterval(id);
    setTimeout(t.step_func_done(() => assert_equals(runs, 1)), 0);
  }), 0);
}, 'Clearing an interval from the callback should still clear it.');

async_test((t) => {
  let runs = 0;
  let id;
  setTimeout(t.step_func(() => {
    id = setInterval(t.step_func(() => {
      runs++;
      if (runs === 4) {
        clearInterval(id);
        setTimeout(t.step_func_done(() => assert_equals(runs, 4)), 10);
      }
    }), 1);
  }), 0);
}, 'An interval runs exactly until the callback that clears it');

async_test((t) => {
  const log = [];
  const a = setInterval(() => {
    log.push('a');
    if (log.filter((x) => x === 'a').length === 2) {
      clearInterval(a);
    }
  }, 0);
  const b = setInterval(() => {
    log.push('b');
    if (log.filter((x) => x === 'b').length === 2) {
      clearInterval(b);
      setTimeout(t.step_func_done(() => {
        assert_array_equals(log, ['a', 'b', 'a', 'b']);
      }), 0);
    }
  }, 0);
}, 'Two 0 ms intervals set one after the other alternate');
