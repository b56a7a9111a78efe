// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-constants.any.js (behaviour re-written for taskhost).
// DOM §2.2: the eventPhase constants, on the interface object, its prototype and instances
// (WebIDL constants: enumerable, not writable, not configurable).
'use strict';

const constants = [['NONE', 0], ['CAPTURING_PHASE', 1], ['AT_TARGET', 2], ['BUBBLING_PHASE', 3]];

test(() => {
  for (const [name, value] of constants) {
    assert_equals(Event[name], value, `Event.${name}`);
    assert_equals(Event.prototype[name], value, `Event.prototype.${name}`);
    assert_equals(new Event('x')[name], value, `an instance's ${name}`);
    assert_equals(CustomEvent[name], value, `inherited by CustomEvent.${name}`);
  }
}, 'Event phase constants have their values');

test(() => {
  for (const holder of [Event, Event.prototype]) {
    for (const [name] of constants) {
      const desc = Object.getOwnPropertyDescriptor(holder, name);
      assert_not_equals(desc, undefined, name);
      assert_false(desc.writable, `${name} not writable`);
      assert_true(desc.enumerable, `${name} enumerable`);
      assert_false(desc.configurable, `${name} not configurable`);
    }
  }
  assert_throws_js(TypeError, () => { Event.NONE = 5; }, 'assignment fails in strict code');
}, 'Event phase constants are read-only');

test(() => {
  const controller = new AbortController();
  let phase = null;
  controller.signal.onabort = (e) => { phase = e.eventPhase; };
  controller.abort();
  assert_equals(phase, Event.AT_TARGET);
}, 'eventPhase is AT_TARGET during dispatch at the target');
