// META: global=window,worker
// Derived from web-platform-tests html/webappapis/timers/negative-settimeout.any.js and
// negative-setinterval.any.js (behaviour re-written for taskhost).
// HTML §8.6 timer initialization steps: a timeout below 0 (or NaN, converted to 0 by WebIDL
// `long`) is set to 0; timers with equal timeouts run in the order they were set ("wait until
// any invocations of this algorithm that had the same ... orderingIdentifier, that started
// before this one, and whose milliseconds is less than or equal to this one's, have completed").
'use strict';

async_test((t) => {
  const log = [];
  setTimeout(() => log.push('-100'), -100);
  setTimeout(() => log.push('0'), 0);
  setTimeout(() => log.push('NaN'), NaN);
  setTimeout(() => log.push('-Infinity'), -Infinity);
  setTimeout(() => log.push('-0.5'), -0.5);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['-100', '0', 'NaN', '-Infinity', '-0.5']);
  }), 0);
}, 'negative and NaN timeouts behave as 0: they run in the order they were set');

async_test((t) => {
  const log = [];
  // A negative timeout set after a 0 timeout still waits for it.
  setTimeout(() => log.push('zero'), 0);
  setTimeout(() => log.push('negative'), -1);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['zero', 'negative']);
  }), -50);
}, 'a negative timeout does not overtake an earlier 0 timeout');

async_test((t) => {
  let runs = 0;
  const id = setInterval(t.step_func(() => {
    runs++;
    if (runs === 3) {
      clearInterval(id);
      // Give a cleared interval a chance to misbehave before finishing.
      setTimeout(t.step_func_done(() => assert_equals(runs, 3)), 0);
    }
  }), -100);
}, 'setInterval with a negative timeout repeats until cleared');
