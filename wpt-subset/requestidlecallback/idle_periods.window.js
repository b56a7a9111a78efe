// Derived from web-platform-tests requestidlecallback/callback-idle-periods.html and callback-multiple-calls.html (behaviour re-written for taskhost).
// requestIdleCallback §5.4 "start an idle period" and "invoke idle callbacks": an idle period
// starts only when the event loop has no runnable task; callbacks run first-requested first,
// and a callback requested during an idle period waits for the next one.
'use strict';

async_test((t) => {
  const log = [];
  const channel = new MessageChannel();
  channel.port2.onmessage = () => log.push('message');
  requestIdleCallback(t.step_func_done(() => {
    log.push('idle');
    assert_array_equals(log, ['sync', 'microtask', 'message', 'idle']);
    channel.port2.close();
  }));
  channel.port1.postMessage('m');
  Promise.resolve().then(() => log.push('microtask'));
  log.push('sync');
}, 'Idle callbacks run after the tasks that were already queued');

async_test((t) => {
  const log = [];
  requestIdleCallback(() => log.push(1));
  requestIdleCallback(() => log.push(2));
  requestIdleCallback(() => log.push(3));
  requestIdleCallback(t.step_func_done(() => {
    assert_array_equals(log, [1, 2, 3]);
  }));
}, 'Idle callbacks run in the order they were requested');

async_test((t) => {
  const log = [];
  requestIdleCallback(() => {
    log.push('A');
    requestIdleCallback(t.step_func_done(() => {
      log.push('C, requested by A');
      assert_array_equals(log, ['A', 'B', 'C, requested by A']);
    }));
  });
  requestIdleCallback(() => log.push('B'));
}, 'A callback requested from an idle callback runs after the callbacks already pending');

async_test((t) => {
  const log = [];
  setTimeout(() => log.push('timeout 0'), 0);
  requestIdleCallback(t.step_func_done(() => {
    assert_array_equals(log, ['timeout 0']);
  }));
}, 'A 0 ms timer runs before an idle callback requested after it');

async_test((t) => {
  const log = [];
  requestIdleCallback(() => {
    log.push('idle');
    Promise.resolve().then(() => log.push('microtask of the idle callback'));
  });
  requestIdleCallback(t.step_func_done(() => {
    assert_array_equals(log, ['idle', 'microtask of the idle callback']);
  }));
}, 'A microtask checkpoint follows each idle callback');

async_test((t) => {
  // While animation frames keep coming, a callback requested from an idle callback waits for the
  // next idle period, which starts after the next frame: its deadline is later (upstream checks
  // `now + timeRemaining()`; here the frame count and the deadline both).
  let frames = 0;
  let done = false;
  t.add_cleanup(() => {
    done = true;
  });
  requestAnimationFrame(function loop() {
    frames++;
    if (!done) requestAnimationFrame(loop);
  });
  let previous = null;
  let remaining = 5;
  const idle = t.step_func((deadline) => {
    const end = performance.now() + deadline.timeRemaining();
    if (previous !== null) {
      assert_greater_than(frames, previous.frames, 'a frame came between two chained idle callbacks');
      assert_greater_than_equal(end, previous.end, 'the deadline is no earlier than the previous one');
    }
    previous = { frames, end };
    if (--remaining > 0) {
      requestIdleCallback(idle);
    } else {
      t.done();
    }
  });
  requestIdleCallback(idle);
}, 'With frames coming, a callback requested from an idle callback runs after the next frame');
