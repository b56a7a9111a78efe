// META: global=window,worker
// Derived from web-platform-tests webmessaging/MessageEvent.any.js (behaviour re-written for
// taskhost). HTML §9.2 MessageEvent: the constructor and its MessageEventInit members,
// initMessageEvent() with its required type argument, and no vendor-prefixed init methods.
'use strict';

test(() => {
  const event = new MessageEvent('message');
  assert_equals(event.type, 'message');
  assert_equals(event.data, null, 'data');
  assert_equals(event.origin, '', 'origin');
  assert_equals(event.lastEventId, '', 'lastEventId');
  assert_equals(event.source, null, 'source');
  assert_array_equals(event.ports, [], 'ports');
  assert_false(event.bubbles, 'bubbles');
  assert_false(event.cancelable, 'cancelable');
  assert_false(event.isTrusted, 'isTrusted');
  assert_true(event instanceof Event, 'an Event');
}, 'new MessageEvent(type) has the default member values');

test(() => {
  const {port1} = new MessageChannel();
  const data = {a: 1};
  const event = new MessageEvent('message', {
    data, origin: 'origin', lastEventId: 'id', source: port1, ports: [port1], bubbles: true,
  });
  assert_equals(event.data, data, 'data by identity');
  assert_equals(event.origin, 'origin');
  assert_equals(event.lastEventId, 'id');
  assert_equals(event.source, port1);
  assert_array_equals(event.ports, [port1]);
  assert_true(event.bubbles);
}, 'new MessageEvent(type, init) takes the members of its MessageEventInit');

test(() => {
  assert_throws_js(TypeError, () => new MessageEvent('message', {source: {}}), 'source');
  assert_throws_js(TypeError, () => new MessageEvent('message', {ports: [{}]}), 'ports');
  assert_throws_js(TypeError, () => new MessageEvent(), 'type');
}, 'new MessageEvent() checks its arguments');

test(() => {
  const event = new MessageEvent('message');
  assert_throws_js(TypeError, () => event.initMessageEvent(), 'no arguments');
  event.initMessageEvent('other', false, false, 'data');
  assert_equals(event.type, 'other');
  assert_equals(event.data, 'data');
}, 'initMessageEvent() requires its type and sets the members');

test(() => {
  const event = new MessageEvent('message');
  for (const prefix of ['moz', 'ms', 'o', 'webkit']) {
    const name = prefix + 'InitMessageEvent';
    assert_false(name in MessageEvent.prototype, `${name} on the prototype`);
    assert_false(name in event, `${name} on an instance`);
  }
}, 'no vendor-prefixed initMessageEvent');
