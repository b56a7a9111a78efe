// META: global=window,worker
// taskhost's own test (no upstream counterpart; upstream checks the clamp by wall time):
// HTML timer initialization steps 5-8 and 11: a timer task remembers its nesting level (one more
// than the level of the timer task that set it, 0 from any other task); a timeout below 4 ms
// set at a nesting level greater than 5 becomes 4 ms. The test observes the consequence on
// ordering rather than on wall time: a marker timer of 4 ms set just before a 0 ms timer runs
// after it while the 0 ms timer is not clamped, and before it once it is (both are then 4 ms, and
// equal timeouts run in the order they were set).
'use strict';

function chainOrder(t, firstStep, onDone) {
  const order = [];
  let level = 0;
  function step() {
    level++;
    const L = level;
    if (L > 8) {
      // 10 ms: after every pending 4 ms marker, which were all set before it.
      setTimeout(t.step_func(() => onDone(order)), 10);
      return;
    }
    setTimeout(() => order.push('marker ' + L), 4);
    setTimeout(() => {
      order.push('chain ' + (L + 1));
      step();
    }, 0);
  }
  firstStep(step);
}

function checkClampFrom(order, firstClampedLevel) {
  for (let L = 1; L <= 8; L++) {
    const marker = order.indexOf('marker ' + L);
    const chain = order.indexOf('chain ' + (L + 1));
    assert_not_equals(marker, -1, `marker ${L} ran`);
    assert_not_equals(chain, -1, `chain ${L + 1} ran`);
    if (L < firstClampedLevel) {
      assert_less_than(chain, marker,
        `the 0 ms timer set at nesting level ${L} is not clamped: it runs before the 4 ms marker`);
    } else {
      assert_less_than(marker, chain,
        `the 0 ms timer set at nesting level ${L} is clamped to 4 ms: it runs after the marker`);
    }
  }
}

async_test((t) => {
  // The first step runs in a timer task set by the script: nesting level 1.
  chainOrder(t, (step) => setTimeout(step, 0), t.step_func_done((order) => {
    checkClampFrom(order, 6);
  }));
}, 'setTimeout(f, 0) is clamped to 4 ms from nesting level 6 on');

async_test((t) => {
  // setInterval's first run is a timer task of nesting level 1 as well.
  chainOrder(t, (step) => {
    const id = setInterval(() => {
      clearInterval(id);
      step();
    }, 0);
  }, t.step_func_done((order) => {
    checkClampFrom(order, 6);
  }));
}, 'a timer set from a setInterval callback is a nested timer too');

async_test((t) => {
  // A task that is not a timer task resets the nesting level: from a message event the next
  // 0 ms timer is not clamped, even though a deeply nested timer chain led to it.
  const order = [];
  let depth = 0;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    setTimeout(() => order.push('marker'), 4);
    setTimeout(() => order.push('zero'), 0);
    setTimeout(t.step_func_done(() => {
      assert_array_equals(order, ['zero', 'marker']);
      channel.port1.close();
    }), 10);
  };
  function deeper() {
    depth++;
    if (depth === 8) {
      channel.port2.postMessage('from nesting level 8');
    } else {
      setTimeout(deeper, 0);
    }
  }
  setTimeout(deeper, 0);
}, 'a task that is not a timer task starts again at nesting level 0');

async_test((t) => {
  // setInterval re-arms itself from its own task, one nesting level deeper each run: from the
  // run at nesting level 6 on, the 0 ms interval repeats after 4 ms, so a 4 ms marker set during
  // a run (before the re-arm) comes before the next run.
  const order = [];
  let run = 0;
  const id = setInterval(t.step_func(() => {
    run++;
    order.push('run ' + run);
    if (run === 9) {
      clearInterval(id);
      setTimeout(t.step_func_done(() => {
        for (let k = 1; k <= 8; k++) {
          const marker = order.indexOf('marker ' + k);
          const next = order.indexOf('run ' + (k + 1));
          if (k < 6) {
            assert_less_than(next, marker, `run ${k + 1} is not clamped`);
          } else {
            assert_less_than(marker, next, `run ${k + 1} is clamped to 4 ms`);
          }
        }
      }), 10);
      return;
    }
    const k = run;
    setTimeout(() => order.push('marker ' + k), 4);
  }), 0);
}, 'setInterval(f, 0) repeats after 4 ms from nesting level 6 on');
