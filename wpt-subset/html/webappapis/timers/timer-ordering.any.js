// META: global=window,worker
// taskhost's own test (no upstream counterpart): HTML "run steps after a timeout" orders the
// timers of one global (setTimeout and setInterval share the ordering identifier): a timer waits
// for every timer that started before it with a timeout less than or equal to its own.
// The last subtest checks a taskhost choice the standard leaves open: AbortSignal.timeout() uses
// another ordering identifier, and taskhost orders its abort task with setTimeout of the same
// due time by the order they were set (docs/DOM.md).
'use strict';

async_test((t) => {
  const log = [];
  for (let i = 0; i < 10; i++) {
    setTimeout(() => log.push(i), 5);
  }
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  }), 5);
}, 'Timers with equal timeouts run in the order they were set');

async_test((t) => {
  const log = [];
  setTimeout(() => {
    log.push('a');
    setTimeout(() => log.push('c (set by a)'), 0);
  }, 0);
  setTimeout(() => log.push('b'), 0);
  setTimeout(t.step_func(() => {
    log.push('d');
    setTimeout(t.step_func_done(() => {
      assert_array_equals(log, ['a', 'b', 'd', 'c (set by a)']);
    }), 0);
  }), 0);
}, 'A 0 ms timer set from a timer callback runs after the 0 ms timers set before it');

async_test((t) => {
  const log = [];
  const interval = setInterval(() => {
    log.push('interval');
    clearInterval(interval);
  }, 0);
  setTimeout(() => log.push('timeout'), 0);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['interval', 'timeout']);
  }), 0);
}, 'setTimeout and setInterval are ordered together');

async_test((t) => {
  const log = [];
  setTimeout(() => log.push('10 ms'), 10);
  setTimeout(() => log.push('10 ms, set second'), 10);
  setTimeout(() => log.push('15 ms'), 15);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['10 ms', '10 ms, set second', '15 ms']);
  }), 20);
}, 'A timer waits for the earlier timers whose timeout is not longer');

async_test((t) => {
  // Each timer callback is its own task: a microtask queued by one runs before the next.
  const log = [];
  setTimeout(() => {
    log.push('timer 1');
    Promise.resolve().then(() => log.push('microtask 1'));
  }, 0);
  setTimeout(() => {
    log.push('timer 2');
    queueMicrotask(() => log.push('microtask 2'));
  }, 0);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['timer 1', 'microtask 1', 'timer 2', 'microtask 2']);
  }), 0);
}, 'Each timer runs as a separate task, followed by a microtask checkpoint');

async_test((t) => {
  const log = [];
  setTimeout(() => log.push('timer 1'), 5);
  AbortSignal.timeout(5).onabort = () => log.push('signal');
  setTimeout(() => log.push('timer 2'), 5);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['timer 1', 'signal', 'timer 2']);
  }), 10);
}, 'taskhost policy: AbortSignal.timeout(ms) fires in order with setTimeout(f, ms)');
