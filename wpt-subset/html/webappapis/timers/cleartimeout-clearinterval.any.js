// META: global=window,worker
// Derived from web-platform-tests html/webappapis/timers/cleartimeout-clearinterval.any.js (behaviour re-written for taskhost).
// HTML: setTimeout and setInterval share one map of active timers, so either clear method
// clears either kind; clearing an unknown id does nothing.
'use strict';

async_test((t) => {
  const id = setTimeout(t.unreached_func('the timeout was cleared'), 0);
  clearInterval(id);
  setTimeout(t.step_func_done(), 0);
}, 'Clear timeout with clearInterval');

async_test((t) => {
  const id = setInterval(t.unreached_func('the interval was cleared'), 0);
  clearTimeout(id);
  setTimeout(t.step_func_done(), 0);
}, 'Clear interval with clearTimeout');

test(() => {
  for (const value of [undefined, 0, -1, 2 ** 31 - 1, 'text', null, {}, NaN]) {
    assert_equals(clearTimeout(value), undefined, 'clearTimeout(' + String(value) + ')');
    assert_equals(clearInterval(value), undefined, 'clearInterval(' + String(value) + ')');
  }
  assert_equals(clearTimeout(), undefined, 'no argument');
  assert_equals(clearInterval(), undefined, 'no argument');
}, 'Clearing an unknown id does nothing');

async_test((t) => {
  const id = setTimeout(t.unreached_func('cleared through a string id'), 0);
  clearTimeout(String(id));
  const id2 = setTimeout(t.unreached_func('cleared through an object id'), 0);
  clearTimeout({ valueOf: () => id2 });
  setTimeout(t.step_func_done(), 0);
}, 'The id is converted to a long');

async_test((t) => {
  const log = [];
  let second;
  setTimeout(() => {
    log.push('first');
    clearTimeout(second);
  }, 0);
  second = setTimeout(() => log.push('second'), 0);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['first']);
  }), 0);
}, 'A timer that is already due can be cleared by an earlier timer callback');

async_test((t) => {
  const log = [];
  const id = setTimeout(() => {
    log.push('ran');
    clearTimeout(id); // Clearing a timer from its own callback is harmless.
  }, 0);
  setTimeout(t.step_func_done(() => assert_array_equals(log, ['ran'])), 0);
}, 'A timeout can clear itself');
