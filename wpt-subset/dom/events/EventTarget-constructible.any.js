// META: global=window,worker
// Derived from web-platform-tests dom/events/EventTarget-constructible.any.js (behaviour re-written for taskhost).
// DOM §2.7: new EventTarget(), and subclassing it.
'use strict';

test(() => {
  const target = new EventTarget();
  assert_true(target instanceof EventTarget);
  assert_equals(Object.getPrototypeOf(target), EventTarget.prototype);
  assert_equals(Object.prototype.toString.call(target), '[object EventTarget]');
  const log = [];
  const listener = (e) => log.push(e.type);
  target.addEventListener('a', listener);
  assert_true(target.dispatchEvent(new Event('a')), 'dispatchEvent returns true');
  target.removeEventListener('a', listener);
  target.dispatchEvent(new Event('a'));
  assert_array_equals(log, ['a'], 'called once, then removed');
}, 'A constructed EventTarget can be used as expected');

test(() => {
  const target = new EventTarget();
  const event = new Event('hello');
  let calls = 0;
  target.addEventListener('hello', function (e) {
    calls++;
    assert_equals(this, target, 'this');
    assert_equals(e, event, 'the same event object');
    assert_equals(e.target, target, 'target');
    assert_equals(e.currentTarget, target, 'currentTarget');
    assert_equals(e.srcElement, target, 'srcElement (legacy alias of target)');
    assert_equals(e.eventPhase, Event.AT_TARGET, 'eventPhase');
    assert_array_equals(e.composedPath(), [target], 'composedPath()');
  }, { once: true });
  target.dispatchEvent(event);
  target.dispatchEvent(event);
  assert_equals(calls, 1, 'a once listener runs once');
  assert_equals(event.target, target, 'target stays set after dispatch');
  assert_equals(event.currentTarget, null, 'currentTarget is reset');
  assert_equals(event.eventPhase, Event.NONE, 'eventPhase is reset');
  assert_array_equals(event.composedPath(), [], 'composedPath() is empty after dispatch');
}, 'A constructed EventTarget implements dispatch correctly');

test(() => {
  class NamedTarget extends EventTarget {
    constructor(name) {
      super();
      this.name = name;
      this.received = [];
    }
    emit(detail) {
      return this.dispatchEvent(new CustomEvent('emit', { detail, cancelable: true }));
    }
  }
  const target = new NamedTarget('t1');
  assert_true(target instanceof EventTarget);
  assert_true(target instanceof NamedTarget);
  assert_equals(Object.getPrototypeOf(target), NamedTarget.prototype);
  target.addEventListener('emit', function (e) {
    this.received.push(e.detail);
    if (e.detail === 'stop') {
      e.preventDefault();
    }
  });
  assert_true(target.emit('go'), 'not canceled');
  assert_false(target.emit('stop'), 'canceled');
  assert_array_equals(target.received, ['go', 'stop']);
  assert_equals(target.name, 't1');
}, 'EventTarget can be subclassed');

test(() => {
  assert_throws_js(TypeError, () => EventTarget(), 'EventTarget() without new');
  assert_equals(EventTarget.length, 0);
  assert_equals(typeof EventTarget.prototype.addEventListener, 'function');
  assert_equals(EventTarget.prototype.addEventListener.length, 2);
  assert_equals(EventTarget.prototype.removeEventListener.length, 2);
  assert_equals(EventTarget.prototype.dispatchEvent.length, 1);
}, 'EventTarget interface shape');

test(() => {
  const { addEventListener, dispatchEvent } = EventTarget.prototype;
  assert_throws_js(TypeError, () => addEventListener.call({}, 'x', () => {}), 'addEventListener on a plain object');
  assert_throws_js(TypeError, () => dispatchEvent.call({}, new Event('x')), 'dispatchEvent on a plain object');
}, 'EventTarget methods check their this value');
