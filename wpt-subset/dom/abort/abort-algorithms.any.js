// META: global=window,worker
// taskhost's own test (no upstream counterpart): the order of "signal abort" (DOM §3.2):
// the reasons of the signal and its dependents are set first; then, for the signal and then for
// each dependent, its abort algorithms run before its abort event is fired. The abort algorithm
// observable from script is the removal of an event listener added with a `signal` option.
'use strict';

test(() => {
  const controller = new AbortController();
  const target = new EventTarget();
  const log = [];
  // The handler is registered before the listener: the order of registration does not matter,
  // every abort algorithm runs before the event.
  controller.signal.onabort = () => {
    log.push('abort event');
    target.dispatchEvent(new Event('ping'));
  };
  target.addEventListener('ping', () => log.push('ping listener'), { signal: controller.signal });
  target.dispatchEvent(new Event('ping'));
  controller.abort();
  assert_array_equals(log, ['ping listener', 'abort event']);
}, 'a listener added with a signal is removed before the signal fires abort');

test(() => {
  const controller = new AbortController();
  const dependent = AbortSignal.any([controller.signal]);
  const target = new EventTarget();
  const log = [];
  target.addEventListener('ping', () => log.push('ping'), { signal: dependent });
  controller.signal.addEventListener('abort', () => {
    log.push('source abort: dependent.aborted=' + dependent.aborted);
    // The dependent is already aborted, but its abort algorithms have not run yet.
    target.dispatchEvent(new Event('ping'));
  });
  dependent.addEventListener('abort', () => {
    log.push('dependent abort');
    // Now they have.
    target.dispatchEvent(new Event('ping'));
  });
  controller.abort();
  assert_array_equals(log, ['source abort: dependent.aborted=true', 'ping', 'dependent abort']);
}, "a dependent signal's abort algorithms run after its source's abort event, before its own");

test(() => {
  const controller = new AbortController();
  const dependent = AbortSignal.any([controller.signal]);
  const target = new EventTarget();
  let called = false;
  controller.signal.addEventListener('abort', () => {
    // Adding a listener with an aborted signal adds nothing, even before the dependent's
    // own abort steps ran.
    target.addEventListener('ping', () => { called = true; }, { signal: dependent });
  });
  controller.abort();
  target.dispatchEvent(new Event('ping'));
  assert_false(called);
}, 'a dependent marked aborted prevents adding listeners with it as signal');

test(() => {
  const controller = new AbortController();
  const target = new EventTarget();
  const log = [];
  const listener = () => log.push('listener');
  target.addEventListener('ping', listener, { signal: controller.signal });
  // The same callback added again without a signal is the same listener (same key): the second
  // registration is ignored, so aborting the signal removes the only registration.
  target.addEventListener('ping', listener);
  controller.abort();
  target.dispatchEvent(new Event('ping'));
  assert_array_equals(log, []);
}, 'aborting removes the registration even if the same listener was added again without a signal');

test(() => {
  const controller = new AbortController();
  const target = new EventTarget();
  const log = [];
  const listener = () => log.push('listener');
  target.addEventListener('ping', listener, { signal: controller.signal });
  target.removeEventListener('ping', listener);
  target.addEventListener('ping', listener);
  controller.abort();
  target.dispatchEvent(new Event('ping'));
  assert_array_equals(log, ['listener'], 'the new registration has no signal');
}, 'a listener removed and re-added without a signal is not removed by the old signal');
