// META: global=window,worker
// Derived from web-platform-tests html/webappapis/scripting/events/event-handler-spec-example.window.js (behaviour re-written for taskhost).
// HTML §8.1.8.1: an event handler's listener is added to the target's listener list when the
// handler is first set to a non-null value ("activate an event handler"); setting another
// non-null value keeps that position; setting null removes the listener ("deactivate"), and a
// later non-null value appends a new one. Exercised with AbortSignal's onabort, dispatching
// script-created abort events (which do not abort the signal).
'use strict';

function fire(signal) {
  signal.dispatchEvent(new Event('abort'));
}

test(() => {
  const signal = new AbortController().signal;
  const log = [];
  signal.addEventListener('abort', () => log.push('A'));
  signal.onabort = () => log.push('handler 1');
  signal.addEventListener('abort', () => log.push('B'));
  fire(signal);
  assert_array_equals(log, ['A', 'handler 1', 'B']);
}, 'The handler runs at the position where it was first set');

test(() => {
  const signal = new AbortController().signal;
  const log = [];
  signal.addEventListener('abort', () => log.push('A'));
  signal.onabort = () => log.push('handler 1');
  signal.addEventListener('abort', () => log.push('B'));
  signal.onabort = () => log.push('handler 2');
  fire(signal);
  assert_array_equals(log, ['A', 'handler 2', 'B'], 'the new value takes the old position');
}, 'Changing the handler to another function keeps its position');

test(() => {
  const signal = new AbortController().signal;
  const log = [];
  signal.addEventListener('abort', () => log.push('A'));
  signal.onabort = () => log.push('handler 1');
  signal.addEventListener('abort', () => log.push('B'));
  signal.onabort = null;
  fire(signal);
  assert_array_equals(log, ['A', 'B'], 'null removes the listener');
  log.length = 0;
  signal.onabort = () => log.push('handler 3');
  fire(signal);
  assert_array_equals(log, ['A', 'B', 'handler 3'], 'a new value after null is appended');
}, 'Setting the handler to null and back moves it to the end');

test(() => {
  const signal = new AbortController().signal;
  const log = [];
  signal.onabort = () => log.push('handler');
  signal.addEventListener('abort', () => log.push('A'));
  signal.onabort = 'not an object';
  assert_equals(signal.onabort, null, 'a primitive is treated as null');
  signal.onabort = () => log.push('handler again');
  fire(signal);
  assert_array_equals(log, ['A', 'handler again'], 'the primitive deactivated the handler');
}, 'A non-object value deactivates the handler like null');

test(() => {
  const signal = new AbortController().signal;
  const log = [];
  signal.onabort = () => log.push('handler');
  signal.addEventListener('abort', (e) => {
    log.push('listener');
    signal.onabort = () => log.push('replaced during dispatch');
  });
  fire(signal);
  fire(signal);
  assert_array_equals(log, ['handler', 'listener', 'replaced during dispatch', 'listener']);
}, 'A handler replaced during dispatch is used from the next dispatch, at the same position');

test(() => {
  const signal = new AbortController().signal;
  const log = [];
  const handler = () => log.push('handler');
  signal.onabort = handler;
  // The handler's listener is not the function itself: removing the function does nothing.
  signal.removeEventListener('abort', handler);
  // And adding the function as a listener is a separate registration.
  signal.addEventListener('abort', handler);
  fire(signal);
  assert_array_equals(log, ['handler', 'handler']);
}, 'The handler\'s listener is distinct from the function it holds');
