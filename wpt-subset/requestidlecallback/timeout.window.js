// Derived from web-platform-tests requestidlecallback/callback-timeout.html and callback-timeout-when-busy.html
// (behaviour re-written for taskhost).
// requestIdleCallback §5.2: with options.timeout > 0, if the callback has not run when the
// timeout expires, a task runs it with didTimeout true (the "invoke idle callback timeout
// algorithm"; its deadline is the moment it is called, so timeRemaining() is 0). Without an
// idle period — the event loop kept busy by a chain of message tasks — only the timeout path
// can run a callback.
'use strict';

// Keeps a task queued until stop() is called: a message that posts the next one.
function keepBusy() {
  const channel = new MessageChannel();
  let running = true;
  channel.port2.onmessage = () => {
    if (running) {
      channel.port1.postMessage('busy');
    }
  };
  channel.port1.postMessage('busy');
  return () => {
    running = false;
    channel.port1.close();
  };
}

async_test((t) => {
  const log = [];
  const stop = keepBusy();
  requestIdleCallback(t.step_func((deadline) => {
    log.push('no timeout: didTimeout ' + deadline.didTimeout);
    assert_array_equals(log, ['timeout 20: didTimeout true', 'no timeout: didTimeout false']);
    t.done();
  }));
  requestIdleCallback(t.step_func((deadline) => {
    log.push('timeout 20: didTimeout ' + deadline.didTimeout);
    assert_equals(deadline.timeRemaining(), 0, 'timeRemaining() is 0 after a timeout');
    // The event loop was never idle, so the callback without a timeout has not run.
    stop();
  }), { timeout: 20 });
}, 'A callback whose timeout expires while the event loop is busy runs with didTimeout true');

async_test((t) => {
  requestIdleCallback(t.step_func_done((deadline) => {
    assert_false(deadline.didTimeout, 'run in an idle period before the timeout');
  }), { timeout: 10000 });
}, 'A callback with a timeout runs in an idle period if one comes first');

async_test((t) => {
  const stop = keepBusy();
  let zeroRan = false;
  requestIdleCallback(() => { zeroRan = true; }, { timeout: 0 });
  requestIdleCallback(t.step_func(() => {
    assert_false(zeroRan, 'timeout 0 means no timeout: not run while busy');
    stop();
    requestIdleCallback(t.step_func_done(() => {
      assert_true(zeroRan, 'run in the idle period that followed');
    }));
  }), { timeout: 20 });
}, 'A timeout of 0 sets no timeout');

async_test((t) => {
  const stop = keepBusy();
  const log = [];
  // Timeouts are started in the order of requestIdleCallback() calls, each no shorter than the
  // previous one, so each waits for the earlier ones ("run steps after a timeout").
  requestIdleCallback((d) => log.push('10 ' + d.didTimeout), { timeout: 10 });
  requestIdleCallback((d) => log.push('10 again ' + d.didTimeout), { timeout: 10 });
  requestIdleCallback((d) => log.push('30 ' + d.didTimeout), { timeout: 30 });
  requestIdleCallback(t.step_func((d) => {
    log.push('50 ' + d.didTimeout);
    stop();
    assert_array_equals(log, ['10 true', '10 again true', '30 true', '50 true']);
    t.done();
  }), { timeout: 50 });
}, 'Timed-out callbacks run in the order of their timeouts');

test(() => {
  const read = [];
  const id = requestIdleCallback(() => {}, { get timeout() { read.push('timeout'); return 5; } });
  cancelIdleCallback(id);
  assert_array_equals(read, ['timeout']);
  assert_throws_js(TypeError, () => requestIdleCallback(() => {}, { timeout: Symbol('t') }));
  const id2 = requestIdleCallback(() => {}, { timeout: -5 });
  cancelIdleCallback(id2);
}, 'options.timeout is read and converted when requestIdleCallback is called');
