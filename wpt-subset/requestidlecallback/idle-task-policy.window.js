// taskhost's own test (no upstream counterpart): where idle callbacks fit among other tasks.
// requestIdleCallback §5.4 leaves it to the user agent whether an idle period ends early for
// newly queued work; taskhost documents its choice (docs/EVENT_LOOP.md, band 4): an idle
// callback runs only when no other task is runnable and no timer is due, so work queued by an
// idle callback runs before the next idle callback.
'use strict';

async_test((t) => {
  const log = [];
  const channel = new MessageChannel();
  channel.port2.onmessage = (e) => log.push('message ' + e.data);
  requestIdleCallback(() => {
    log.push('idle 1');
    channel.port1.postMessage('from idle 1');
  });
  requestIdleCallback(t.step_func_done(() => {
    log.push('idle 2');
    assert_array_equals(log, ['idle 1', 'message from idle 1', 'idle 2']);
    channel.port2.close();
  }));
}, 'taskhost policy: a message posted by an idle callback runs before the next idle callback');

async_test((t) => {
  const log = [];
  requestIdleCallback(() => {
    log.push('idle 1');
    setTimeout(() => log.push('timer from idle 1'), 0);
  });
  requestIdleCallback(t.step_func_done(() => {
    log.push('idle 2');
    assert_array_equals(log, ['idle 1', 'timer from idle 1', 'idle 2']);
  }));
}, 'taskhost policy: a 0 ms timer set by an idle callback runs before the next idle callback');
