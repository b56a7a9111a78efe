// META: global=window,worker
// Derived from web-platform-tests dom/events/EventTarget-dispatchEvent.any.js (behaviour re-written for taskhost).
// DOM §2.7 dispatchEvent(): argument checks, InvalidStateError for an event being dispatched,
// isTrusted set to false, and the return value (false if and only if the event was canceled).
'use strict';

test(() => {
  const target = new EventTarget();
  assert_throws_js(TypeError, () => target.dispatchEvent(null), 'null');
  assert_throws_js(TypeError, () => target.dispatchEvent({ type: 'x' }), 'an event-like object');
  assert_throws_js(TypeError, () => target.dispatchEvent(), 'no argument');
}, 'Calling dispatchEvent() with something other than an Event throws a TypeError');

test(() => {
  const target = new EventTarget();
  const other = new EventTarget();
  const event = new Event('test');
  const errors = [];
  target.addEventListener('test', () => {
    for (const t of [target, other]) {
      try {
        t.dispatchEvent(event);
        errors.push('no exception');
      } catch (e) {
        errors.push(e);
      }
    }
  });
  target.dispatchEvent(event);
  assert_equals(errors.length, 2);
  for (const e of errors) {
    assert_true(e instanceof DOMException, 'a DOMException');
    assert_equals(e.name, 'InvalidStateError');
    assert_equals(e.code, DOMException.INVALID_STATE_ERR);
  }
  // Once the dispatch is over the same event can be dispatched again.
  let again = 0;
  other.addEventListener('test', () => again++);
  other.dispatchEvent(event);
  assert_equals(again, 1);
  assert_equals(event.target, other);
}, 'Dispatching an event that is being dispatched throws InvalidStateError');

test(() => {
  const target = new EventTarget();
  assert_true(target.dispatchEvent(new Event('test')), 'no listener');
  target.addEventListener('test', (e) => e.preventDefault());
  assert_true(target.dispatchEvent(new Event('test')), 'not cancelable');
  assert_false(target.dispatchEvent(new Event('test', { cancelable: true })), 'canceled');
}, 'dispatchEvent() returns false if and only if the event was canceled');

test(() => {
  const target = new EventTarget();
  const event = new Event('test', { cancelable: true });
  target.addEventListener('test', (e) => e.preventDefault(), { once: true });
  assert_false(target.dispatchEvent(event));
  // Dispatch does not clear the canceled flag: a second dispatch also returns false.
  assert_false(target.dispatchEvent(event), 'canceled flag kept');
  assert_true(event.defaultPrevented);
}, 'The canceled flag survives a second dispatch');

test(() => {
  const target = new EventTarget();
  const event = new Event('test');
  target.dispatchEvent(event);
  assert_false(event.isTrusted);
  let trusted = null;
  const controller = new AbortController();
  controller.signal.addEventListener('abort', (e) => { trusted = e; });
  controller.abort();
  assert_true(trusted.isTrusted, 'fired by the user agent');
  let seen = null;
  target.addEventListener('abort', (e) => { seen = e.isTrusted; });
  target.dispatchEvent(trusted);
  assert_false(seen, 'dispatchEvent() sets isTrusted to false');
  assert_false(trusted.isTrusted);
}, 'dispatchEvent() dispatches untrusted events');

test(() => {
  const target = new EventTarget();
  const event = new Event('test');
  const phases = [];
  target.addEventListener('test', (e) => phases.push(e.eventPhase), true);
  target.addEventListener('test', (e) => phases.push(e.eventPhase));
  target.dispatchEvent(event);
  assert_array_equals(phases, [Event.AT_TARGET, Event.AT_TARGET]);
  assert_equals(event.eventPhase, Event.NONE);
  assert_equals(event.currentTarget, null);
  assert_equals(event.target, target);
}, 'eventPhase, currentTarget and target during and after dispatch');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('outer', () => {
    log.push('outer start');
    target.dispatchEvent(new Event('inner'));
    log.push('outer end');
  });
  target.addEventListener('inner', (e) => log.push('inner ' + e.eventPhase));
  target.dispatchEvent(new Event('outer'));
  assert_array_equals(log, ['outer start', 'inner 2', 'outer end'], 'dispatch is synchronous');
}, 'Dispatch is synchronous and can nest');
