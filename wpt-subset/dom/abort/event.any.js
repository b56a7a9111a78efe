// META: global=window,worker
// Derived from web-platform-tests dom/abort/event.any.js (behaviour re-written for taskhost).
// DOM §3.1 AbortController, §3.2 AbortSignal: abort(), the abort event, reason, throwIfAborted().
'use strict';

test(() => {
  const controller = new AbortController();
  const signal = controller.signal;
  const seen = [];
  signal.onabort = () => seen.push('onabort');
  signal.addEventListener('abort', () => seen.push('listener'));
  assert_false(signal.aborted, 'aborted before abort()');
  controller.abort();
  seen.push('after abort()');
  assert_true(signal.aborted, 'aborted after abort()');
  assert_array_equals(seen, ['onabort', 'listener', 'after abort()']);
}, 'AbortController abort() should fire event synchronously');

test(() => {
  const controller = new AbortController();
  const first = controller.signal;
  assert_true(first instanceof AbortSignal, 'signal is an AbortSignal');
  assert_equals(controller.signal, first, 'same object on a second read');
  controller.abort();
  assert_equals(controller.signal, first, 'same object after abort()');
}, 'controller.signal should always return the same object');

test(() => {
  const controller = new AbortController();
  let count = 0;
  controller.signal.addEventListener('abort', () => count++);
  const firstReason = new Error('first');
  controller.abort(firstReason);
  controller.abort(new Error('second'));
  controller.abort();
  assert_equals(count, 1, 'the abort event fires once');
  assert_equals(controller.signal.reason, firstReason, 'the first reason is kept');
}, 'controller.abort() should do nothing the second time it is called');

test(() => {
  const controller = new AbortController();
  controller.abort();
  let called = false;
  controller.signal.onabort = () => { called = true; };
  controller.signal.addEventListener('abort', () => { called = true; });
  controller.abort();
  assert_false(called);
}, 'event handler should not be called if added after controller.abort()');

test(() => {
  const controller = new AbortController();
  const signal = controller.signal;
  let event = null;
  let phase = -1;
  let currentTarget = null;
  signal.addEventListener('abort', (e) => {
    event = e;
    phase = e.eventPhase;
    currentTarget = e.currentTarget;
  });
  controller.abort();
  assert_not_equals(event, null, 'the event was fired');
  assert_equals(Object.getPrototypeOf(event), Event.prototype, 'a plain Event');
  assert_equals(event.type, 'abort');
  assert_equals(event.target, signal, 'target');
  assert_equals(currentTarget, signal, 'currentTarget during dispatch');
  assert_equals(phase, Event.AT_TARGET, 'eventPhase during dispatch');
  assert_false(event.bubbles, 'bubbles');
  assert_false(event.cancelable, 'cancelable');
  assert_false(event.composed, 'composed');
  assert_true(event.isTrusted, 'isTrusted');
  assert_false(event.defaultPrevented, 'defaultPrevented');
  assert_equals(event.eventPhase, Event.NONE, 'eventPhase after dispatch');
}, 'the abort event should have the right properties');

test(() => {
  const controller = new AbortController();
  const signal = controller.signal;
  const reason = { why: 'custom reason object' };
  assert_equals(signal.reason, undefined, 'reason before abort()');
  controller.abort(reason);
  assert_true(signal.aborted);
  assert_equals(signal.reason, reason, 'the very same object');
}, 'AbortController abort(reason) should set signal.reason');

test(() => {
  const controller = new AbortController();
  controller.abort();
  const reason = controller.signal.reason;
  assert_true(reason instanceof DOMException, 'a DOMException');
  assert_equals(reason.name, 'AbortError');
  assert_equals(reason.code, DOMException.ABORT_ERR);
}, 'aborting AbortController without reason creates an "AbortError" DOMException');

test(() => {
  const controller = new AbortController();
  controller.abort(undefined);
  const reason = controller.signal.reason;
  assert_true(reason instanceof DOMException, 'a DOMException');
  assert_equals(reason.name, 'AbortError');
}, 'AbortController abort(undefined) creates an "AbortError" DOMException');

test(() => {
  const controller = new AbortController();
  controller.abort(null);
  assert_true(controller.signal.aborted);
  assert_equals(controller.signal.reason, null);
}, 'AbortController abort(null) should set signal.reason');

test(() => {
  const signal = AbortSignal.abort();
  assert_true(signal instanceof AbortSignal);
  assert_true(signal.aborted);
  assert_true(signal.reason instanceof DOMException, 'a DOMException');
  assert_equals(signal.reason.name, 'AbortError');
  assert_equals(signal.reason.code, 20);
}, 'static aborting signal should have right properties');

test(() => {
  const reason = new RangeError('static reason');
  const signal = AbortSignal.abort(reason);
  assert_true(signal.aborted);
  assert_equals(signal.reason, reason);
}, 'static aborting signal with reason should set signal.reason');

test(() => {
  const reason = new TypeError('thrown as is');
  const controller = new AbortController();
  controller.abort(reason);
  assert_throws_exactly(reason, () => controller.signal.throwIfAborted());
  const staticSignal = AbortSignal.abort();
  assert_throws_exactly(staticSignal.reason, () => staticSignal.throwIfAborted());
}, 'throwIfAborted() should throw abort.reason if signal aborted');

test(() => {
  for (const reason of ['a string', 0, false, null, 17n]) {
    const signal = AbortSignal.abort(reason);
    assert_throws_exactly(reason, () => signal.throwIfAborted(), String(reason));
  }
}, 'throwIfAborted() should throw primitive abort.reason if signal aborted');

test(() => {
  const controller = new AbortController();
  assert_equals(controller.signal.throwIfAborted(), undefined);
}, 'throwIfAborted() should not throw if signal not aborted');

test(() => {
  const signal = AbortSignal.abort();
  const first = signal.reason;
  assert_equals(signal.reason, first, 'second read');
  assert_equals(signal.reason, first, 'third read');
}, 'AbortSignal.reason returns the same DOMException');

test(() => {
  const controller = new AbortController();
  controller.abort();
  const first = controller.signal.reason;
  assert_equals(controller.signal.reason, first);
}, 'AbortController.signal.reason returns the same DOMException');

// taskhost additions below.

test(() => {
  const controller = new AbortController();
  const signal = controller.signal;
  let inside = null;
  signal.addEventListener('abort', () => {
    inside = { aborted: signal.aborted, reason: signal.reason };
  });
  const reason = new Error('visible to listeners');
  controller.abort(reason);
  assert_true(inside.aborted, 'aborted is already true in a listener');
  assert_equals(inside.reason, reason, 'reason is already set in a listener');
}, 'aborted and reason are set before the abort event is fired');

test(() => {
  const controller = new AbortController();
  const signal = controller.signal;
  const seen = [];
  signal.addEventListener('abort', () => {
    seen.push('first');
    controller.abort('again');
  });
  signal.addEventListener('abort', () => seen.push('second'));
  controller.abort('original');
  assert_array_equals(seen, ['first', 'second'], 'no nested abort event');
  assert_equals(signal.reason, 'original');
}, 'calling abort() from an abort listener does not fire the event again');

test(() => {
  const controller = new AbortController();
  let prevented = null;
  controller.signal.addEventListener('abort', (e) => {
    e.preventDefault();
    prevented = e.defaultPrevented;
  });
  controller.abort();
  assert_false(prevented, 'preventDefault() has no effect: the event is not cancelable');
}, 'the abort event cannot be canceled');

test(() => {
  assert_throws_js(TypeError, () => new AbortSignal(), 'new AbortSignal()');
  assert_throws_js(TypeError, () => AbortController(), 'AbortController() without new');
  assert_true(new AbortController().signal instanceof EventTarget);
  assert_equals(Object.getPrototypeOf(AbortSignal.prototype), EventTarget.prototype);
}, 'AbortSignal is not constructible and is an EventTarget');
