// META: global=window,worker
// Derived from web-platform-tests html/webappapis/timers/settimeout-setinterval-handles.html (behaviour re-written for taskhost).
// HTML timer initialization steps: the handle is an integer greater than zero, unique among
// the global's active timers, whichever method created it.
'use strict';

test((t) => {
  const ids = [];
  for (let i = 0; i < 10; i++) {
    ids.push(setTimeout(() => {}, 0));
    ids.push(setInterval(() => {}, 0));
  }
  t.add_cleanup(() => ids.forEach((id) => clearTimeout(id)));
  for (const id of ids) {
    assert_true(Number.isInteger(id), `${id} is an integer`);
    assert_greater_than(id, 0, 'positive');
    assert_less_than_equal(id, 2 ** 31 - 1, 'a long');
  }
  assert_equals(new Set(ids).size, ids.length, 'all distinct');
}, 'Timer handles are positive integers, distinct across setTimeout and setInterval');

async_test((t) => {
  const seen = new Set();
  let remaining = 5;
  function next() {
    const id = setTimeout(t.step_func(() => {
      remaining--;
      if (remaining === 0) {
        t.done();
      } else {
        next();
      }
    }), 0);
    assert_false(seen.has(id), 'not the id of an active timer');
    for (const old of seen) {
      clearTimeout(old); // Clearing a finished timer must not clear the new one.
    }
    seen.add(id);
  }
  t.step(next);
}, 'Clearing the handle of a timer that already ran does not clear a later timer');
