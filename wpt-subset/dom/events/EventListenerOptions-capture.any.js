// META: global=window,worker
// Derived from web-platform-tests dom/events/EventListenerOptions-capture.html (behaviour re-written for taskhost).
// DOM §2.7: `capture` (a boolean third argument or the dictionary member) is part of the
// listener key (type, callback, capture); §2.9 dispatch runs a target's capturing listeners
// before its non-capturing ones, both with eventPhase AT_TARGET.
'use strict';

test(() => {
  const target = new EventTarget();
  const log = [];
  const listener = (e) => log.push(e.eventPhase);
  target.addEventListener('test', listener, true);
  target.addEventListener('test', listener, false);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, [Event.AT_TARGET, Event.AT_TARGET], 'two registrations');
}, 'Capture and non-capture registrations of one callback are distinct listeners');

test(() => {
  const target = new EventTarget();
  const log = [];
  const listener = () => log.push('called');
  target.addEventListener('test', listener, true);
  target.addEventListener('test', listener, { capture: true });
  target.addEventListener('test', listener, { capture: 1 });
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['called'], 'true, {capture: true} and {capture: 1} are one key');

  const target2 = new EventTarget();
  const log2 = [];
  const listener2 = () => log2.push('called');
  target2.addEventListener('test', listener2);
  target2.addEventListener('test', listener2, false);
  target2.addEventListener('test', listener2, {});
  target2.addEventListener('test', listener2, { capture: false });
  target2.addEventListener('test', listener2, null);
  target2.addEventListener('test', listener2, undefined);
  target2.dispatchEvent(new Event('test'));
  assert_array_equals(log2, ['called'], 'the non-capture spellings are one key');
}, 'Equivalent capture values make a duplicate registration');

test(() => {
  const target = new EventTarget();
  const log = [];
  const listener = (e) => log.push('listener');
  target.addEventListener('test', listener, true);
  target.removeEventListener('test', listener, false);
  target.removeEventListener('test', listener);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['listener'], 'removing the non-capture key leaves the capture one');
  target.removeEventListener('test', listener, { capture: true });
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['listener'], 'removed with the capture key');
}, 'removeEventListener honours capture');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', () => log.push('bubble 1'));
  target.addEventListener('test', () => log.push('capture 1'), true);
  target.addEventListener('test', () => log.push('bubble 2'), { capture: false });
  target.addEventListener('test', () => log.push('capture 2'), { capture: true });
  target.dispatchEvent(new Event('test', { bubbles: true }));
  assert_array_equals(log, ['capture 1', 'capture 2', 'bubble 1', 'bubble 2']);
}, 'capturing listeners run before non-capturing ones at the target');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', (e) => {
    log.push('capture');
    e.stopPropagation();
  }, true);
  target.addEventListener('test', () => log.push('capture 2'), true);
  target.addEventListener('test', () => log.push('bubble'));
  target.dispatchEvent(new Event('test'));
  // "invoke" returns at once when the stop propagation flag is set, so the second pass over
  // the target (the non-capturing listeners) does nothing; the rest of the first pass runs.
  assert_array_equals(log, ['capture', 'capture 2']);
}, 'stopPropagation() in a capturing listener at the target skips its non-capturing listeners');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', (e) => {
    log.push('bubble 1');
    e.stopPropagation();
  });
  target.addEventListener('test', () => log.push('bubble 2'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['bubble 1', 'bubble 2']);
}, 'stopPropagation() does not skip the other listeners of the same pass');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', (e) => {
    log.push('capture');
    e.stopImmediatePropagation();
  }, true);
  target.addEventListener('test', () => log.push('bubble'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['capture']);
}, 'stopImmediatePropagation() in a capturing listener skips the non-capturing ones');

test(() => {
  const target = new EventTarget();
  const log = [];
  const read = [];
  const options = { get capture() { read.push('capture'); return true; } };
  const listener = () => log.push('x');
  target.addEventListener('test', listener, options);
  target.removeEventListener('test', listener, options);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(read, ['capture', 'capture'], 'read once by each call');
  assert_array_equals(log, []);
}, 'the capture member is read from the options object by add and remove');
