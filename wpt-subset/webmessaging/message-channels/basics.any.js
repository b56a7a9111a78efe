// META: global=window,worker
// Derived from web-platform-tests webmessaging/message-channels/basics.any.js (behaviour re-written for taskhost).
// HTML §9.4 MessageChannel and MessagePort: two entangled ports, messages delivered as
// MessageEvents on the posted message task source.
'use strict';

test(() => {
  const channel = new MessageChannel();
  assert_true(channel.port1 instanceof MessagePort, 'port1');
  assert_true(channel.port2 instanceof MessagePort, 'port2');
  assert_not_equals(channel.port1, channel.port2);
  assert_equals(channel.port1, channel.port1, 'same object on each read');
  assert_true(channel.port1 instanceof EventTarget, 'a MessagePort is an EventTarget');
  assert_equals(channel.port1.onmessage, null);
}, 'MessageChannel has two distinct MessagePorts');

test(() => {
  assert_throws_js(TypeError, () => new MessagePort(), 'MessagePort is not constructible');
  assert_throws_js(TypeError, () => MessageChannel(), 'MessageChannel() without new');
}, 'Constructors');

async_test((t) => {
  const channel = new MessageChannel();
  const sent = { nested: { list: [1, 2, 3] } };
  channel.port2.onmessage = t.step_func_done((e) => {
    assert_true(e instanceof MessageEvent, 'a MessageEvent');
    assert_equals(e.type, 'message');
    assert_not_equals(e.data, sent, 'a structured clone, not the same object');
    assert_array_equals(e.data.nested.list, [1, 2, 3], 'with the same content');
    assert_equals(e.origin, '', 'origin');
    assert_equals(e.lastEventId, '', 'lastEventId');
    assert_equals(e.source, null, 'source');
    assert_array_equals(e.ports, [], 'ports');
    assert_true(Object.isFrozen(e.ports), 'ports is a frozen array');
    assert_equals(e.ports, e.ports, 'the same array on each read');
    assert_true(e.isTrusted, 'isTrusted');
    assert_false(e.bubbles, 'bubbles');
    assert_false(e.cancelable, 'cancelable');
    assert_equals(e.target, channel.port2, 'target');
    channel.port2.close();
  });
  channel.port1.postMessage(sent);
}, 'A posted message arrives at the other port as a MessageEvent');

async_test((t) => {
  const channel = new MessageChannel();
  const received = [];
  channel.port1.onmessage = t.step_func((e) => {
    received.push(e.data);
    if (received.length === 5) {
      assert_array_equals(received, [0, 1, 2, 3, 4]);
      channel.port1.close();
      t.done();
    }
  });
  for (let i = 0; i < 5; i++) {
    channel.port2.postMessage(i);
  }
}, 'Messages arrive in the order they were posted');

async_test((t) => {
  const channel = new MessageChannel();
  const log = [];
  channel.port1.onmessage = t.step_func((e) => {
    log.push('port1 got ' + e.data);
    if (e.data === 'ping') {
      channel.port1.postMessage('pong');
    }
  });
  channel.port2.onmessage = t.step_func_done((e) => {
    log.push('port2 got ' + e.data);
    assert_array_equals(log, ['port1 got ping', 'port2 got pong']);
    channel.port1.close();
  });
  channel.port2.postMessage('ping');
}, 'Both ports can send and receive');

async_test((t) => {
  const channel = new MessageChannel();
  // Delivered neither during postMessage() nor in the microtask checkpoint after it (a microtask
  // queued after the call has run by then), but by a later task. (How many other tasks run
  // before it is the user agent's choice.)
  let delivered = false;
  let checkpointDone = false;
  channel.port2.onmessage = t.step_func_done(() => {
    delivered = true;
    assert_true(checkpointDone, 'delivered by a task after the microtask checkpoint');
    channel.port1.close();
  });
  channel.port1.postMessage('async');
  assert_false(delivered, 'not delivered synchronously');
  queueMicrotask(() => { checkpointDone = true; });
}, 'Delivery is asynchronous, from a task');

test(() => {
  const channel = new MessageChannel();
  assert_throws_js(TypeError, () => channel.port1.postMessage(), 'the message is required');
  assert_equals(channel.port1.postMessage(undefined), undefined, 'undefined is a message');
  channel.port1.close();
}, 'postMessage() requires an argument');
