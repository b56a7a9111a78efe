// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-isTrusted.any.js (behaviour re-written for taskhost).
// DOM §2.2: isTrusted is a [LegacyUnforgeable] attribute: an own, non-configurable accessor
// of each Event; false for events created by script, true for events fired by the user agent.
'use strict';

test(() => {
  const event = new Event('test');
  const desc = Object.getOwnPropertyDescriptor(event, 'isTrusted');
  assert_not_equals(desc, undefined, 'an own property');
  assert_equals(typeof desc.get, 'function', 'an accessor');
  assert_equals(desc.set, undefined, 'read-only');
  assert_false(desc.configurable, 'not configurable');
  assert_true(desc.enumerable, 'enumerable');
  assert_false(Object.prototype.hasOwnProperty.call(Event.prototype, 'isTrusted'),
    'not on the prototype');
}, 'isTrusted is an own unforgeable accessor');

test(() => {
  const event = new Event('test');
  assert_throws_js(TypeError, () => {
    Object.defineProperty(event, 'isTrusted', { value: true });
  }, 'cannot be redefined');
  assert_throws_js(TypeError, () => { event.isTrusted = true; }, 'cannot be assigned in strict code');
  assert_false(event.isTrusted);
}, 'isTrusted cannot be changed by script');

test(() => {
  assert_false(new Event('test').isTrusted, 'Event');
  assert_false(new CustomEvent('test').isTrusted, 'CustomEvent');
  class Sub extends Event {}
  assert_false(new Sub('test').isTrusted, 'subclass');
}, 'events created by script are not trusted');

test(() => {
  const controller = new AbortController();
  let event = null;
  controller.signal.onabort = (e) => { event = e; };
  controller.abort();
  assert_true(event.isTrusted);
  const desc = Object.getOwnPropertyDescriptor(event, 'isTrusted');
  assert_not_equals(desc, undefined, 'also own on user-agent events');
  assert_true(desc.get.call(event));
}, 'events fired by the user agent are trusted');

test(() => {
  const trusted = (() => {
    const c = new AbortController();
    let e;
    c.signal.onabort = (ev) => { e = ev; };
    c.abort();
    return e;
  })();
  const getter = Object.getOwnPropertyDescriptor(new Event('x'), 'isTrusted').get;
  assert_true(getter.call(trusted), 'the getter reads the flag of its this value');
  assert_throws_js(TypeError, () => getter.call({}), 'brand check');
}, 'the isTrusted getter reads its this value');
