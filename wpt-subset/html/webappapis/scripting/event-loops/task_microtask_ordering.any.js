// META: global=window,worker
// Derived from web-platform-tests html/webappapis/scripting/event-loops/task_microtask_ordering.html (behaviour re-written for taskhost).
// HTML §8.1.7.3 processing model: after each task, a microtask checkpoint. §8.1.4.4 "clean up
// after running script": when the JavaScript execution context stack becomes empty (a callback
// called by the user agent, not by script), a microtask checkpoint is performed right away, so
// the microtasks queued by one event listener run before the next listener when the user agent
// dispatches the event, but not when script calls dispatchEvent().
'use strict';

function listenTwice(target, type, log) {
  target.addEventListener(type, () => {
    log.push('listener 1');
    Promise.resolve().then(() => log.push('microtask 1'));
  });
  target.addEventListener(type, () => {
    log.push('listener 2');
    queueMicrotask(() => log.push('microtask 2'));
  });
}

async_test((t) => {
  const log = [];
  setTimeout(() => log.push('task'), 0);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['script', 'microtask', 'task']);
  }), 0);
  Promise.resolve().then(() => log.push('microtask'));
  log.push('script');
}, 'Microtasks run after the current script, before the next task');

test(() => {
  const log = [];
  const target = new EventTarget();
  listenTwice(target, 'test', log);
  target.dispatchEvent(new Event('test'));
  log.push('after dispatchEvent');
  assert_array_equals(log, ['listener 1', 'listener 2', 'after dispatchEvent'],
    'no microtask runs while script is on the stack');
}, 'No microtask checkpoint between listeners when script calls dispatchEvent()');

async_test((t) => {
  const log = [];
  const controller = new AbortController();
  listenTwice(controller.signal, 'abort', log);
  setTimeout(t.step_func(() => {
    controller.abort();
    log.push('after abort()');
    queueMicrotask(t.step_func_done(() => {
      assert_array_equals(log, ['listener 1', 'listener 2', 'after abort()', 'microtask 1',
        'microtask 2']);
    }));
  }), 0);
}, 'No microtask checkpoint between abort listeners when script calls abort()');

async_test((t) => {
  const log = [];
  const signal = AbortSignal.timeout(0);
  listenTwice(signal, 'abort', log);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['listener 1', 'microtask 1', 'listener 2', 'microtask 2']);
  }), 10);
}, 'Microtasks run between abort listeners when AbortSignal.timeout() fires the event');

async_test((t) => {
  const log = [];
  const signal = AbortSignal.timeout(0);
  const dependent = AbortSignal.any([signal]);
  signal.addEventListener('abort', () => {
    log.push('source listener');
    queueMicrotask(() => log.push('source microtask'));
  });
  dependent.addEventListener('abort', () => {
    log.push('dependent listener');
    queueMicrotask(() => log.push('dependent microtask'));
  });
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['source listener', 'source microtask', 'dependent listener',
      'dependent microtask']);
  }), 10);
}, 'Microtasks run between the abort events of a timed-out signal and its dependents');

async_test((t) => {
  const log = [];
  const channel = new MessageChannel();
  listenTwice(channel.port1, 'message', log);
  channel.port1.start();
  channel.port2.postMessage('ping');
  setTimeout(t.step_func_done(() => {
    channel.port1.close();
    assert_array_equals(log, ['listener 1', 'microtask 1', 'listener 2', 'microtask 2']);
  }), 10);
}, 'Microtasks run between message listeners');

async_test((t) => {
  const log = [];
  setTimeout(() => {
    log.push('task 1');
    Promise.resolve().then(() => {
      log.push('microtask A');
      Promise.resolve().then(() => log.push('microtask B (queued by A)'));
    });
  }, 0);
  setTimeout(() => log.push('task 2'), 0);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['task 1', 'microtask A', 'microtask B (queued by A)', 'task 2']);
  }), 0);
}, 'A checkpoint runs microtasks queued during the checkpoint before the next task');
