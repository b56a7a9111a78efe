// META: global=window,worker
// Derived from web-platform-tests html/webappapis/scripting/processing-model-2/window-onerror-runtime-error.html
// and window-onerror-runtime-error-throw.html (behaviour re-written for taskhost).
// HTML §8.1.4.7 "report an exception": an uncaught exception in a callback becomes an ErrorEvent
// (cancelable) fired at the global; the onerror event handler is called with (message,
// filename, lineno, colno, error) and cancels the event by returning true (§8.1.8.1 "the
// event handler processing algorithm").
// promise_test bodies run one after the other, so the listeners of two subtests never overlap.
'use strict';

setup({ allow_uncaught_exception: true });

function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function recordErrors(t, { cancel = true } = {}) {
  const events = [];
  const record = (e) => {
    events.push(e);
    if (cancel) {
      e.preventDefault();
    }
  };
  self.addEventListener('error', record);
  t.add_cleanup(() => self.removeEventListener('error', record));
  return events;
}

promise_test(async (t) => {
  const events = recordErrors(t);
  const thrown = new RangeError('from a timer');
  setTimeout(() => { throw thrown; }, 0);
  await nextTask();
  assert_equals(events.length, 1);
  const e = events[0];
  assert_true(e instanceof ErrorEvent, 'an ErrorEvent');
  assert_equals(e.type, 'error');
  assert_equals(e.error, thrown, 'error');
  assert_equals(typeof e.message, 'string', 'message');
  assert_equals(typeof e.filename, 'string', 'filename');
  assert_equals(typeof e.lineno, 'number', 'lineno');
  assert_equals(typeof e.colno, 'number', 'colno');
  assert_true(e.isTrusted, 'isTrusted');
  assert_true(e.cancelable, 'cancelable');
  assert_false(e.bubbles, 'bubbles');
  assert_equals(e.target, self, 'target');
}, 'An exception thrown by a timer callback is reported as an ErrorEvent at the global');

promise_test(async (t) => {
  const events = recordErrors(t);
  setTimeout(() => { throw 'a string'; }, 0);
  setTimeout(() => { throw undefined; }, 0);
  await nextTask();
  assert_equals(events.length, 2);
  assert_equals(events[0].error, 'a string');
  assert_equals(events[1].error, undefined);
}, 'Thrown primitives are the error of the ErrorEvent');

promise_test(async (t) => {
  const events = recordErrors(t);
  const log = [];
  setTimeout(() => {
    log.push('throwing timer');
    Promise.resolve().then(() => log.push('its microtask'));
    throw new Error('x');
  }, 0);
  setTimeout(() => log.push('next timer'), 0);
  await nextTask();
  assert_array_equals(log, ['throwing timer', 'its microtask', 'next timer'],
    'the checkpoint and the next task still run');
  assert_equals(events.length, 1);
}, 'The event loop goes on after a reported exception');

promise_test(async (t) => {
  const previous = self.onerror;
  t.add_cleanup(() => { self.onerror = previous; });
  const calls = [];
  const thrown = new TypeError('for onerror');
  let eventSeen = null;
  self.onerror = function (...args) {
    calls.push({ thisValue: this, args });
    return true;
  };
  const after = (e) => { eventSeen = e; };
  self.addEventListener('error', after);
  t.add_cleanup(() => self.removeEventListener('error', after));
  setTimeout(() => { throw thrown; }, 0);
  await nextTask();
  assert_equals(calls.length, 1, 'onerror called once');
  const [message, filename, lineno, colno, error] = calls[0].args;
  assert_equals(calls[0].args.length, 5, 'five arguments');
  assert_equals(calls[0].thisValue, self, 'this is the global');
  assert_equals(message, eventSeen.message, 'message');
  assert_equals(filename, eventSeen.filename, 'filename');
  assert_equals(lineno, eventSeen.lineno, 'lineno');
  assert_equals(colno, eventSeen.colno, 'colno');
  assert_equals(error, thrown, 'error');
  assert_true(eventSeen.defaultPrevented, 'returning true cancels the event');
}, 'onerror receives message, filename, lineno, colno and error, and cancels by returning true');

promise_test(async (t) => {
  const previous = self.onerror;
  t.add_cleanup(() => { self.onerror = previous; });
  const results = [];
  const after = (e) => {
    results.push(e.defaultPrevented);
    e.preventDefault();
  };
  for (const returned of [false, undefined, 'true', 1]) {
    self.onerror = () => returned;
    self.addEventListener('error', after);
    setTimeout(() => { throw new Error('x'); }, 0);
    await nextTask();
    self.removeEventListener('error', after);
  }
  assert_array_equals(results, [false, false, false, false],
    'only the value true cancels an error event from onerror');
}, 'onerror does not cancel for return values other than true');

promise_test(async (t) => {
  const events = recordErrors(t);
  setTimeout('syntax error (', 0);
  await nextTask();
  assert_equals(events.length, 1);
  assert_true(events[0].error instanceof SyntaxError, 'a SyntaxError');
}, 'A string handler that does not compile is reported');

promise_test(async (t) => {
  const events = recordErrors(t);
  const thrown = new Error('from a listener');
  const target = new EventTarget();
  target.addEventListener('test', () => { throw thrown; });
  setTimeout(() => target.dispatchEvent(new Event('test')), 0);
  await nextTask();
  assert_equals(events.length, 1);
  assert_equals(events[0].error, thrown);
}, 'An exception thrown by an event listener is reported');
