// META: global=window,worker
// Derived from web-platform-tests webmessaging/Channel_postMessage_event_properties.any.js,
// Channel_postMessage_target_source.any.js, Channel_postMessage_ports_readonly_array.any.js,
// MessageEvent-trusted.any.js (its MessageChannel case), MessagePort_initial_disabled.any.js,
// MessagePort_onmessage_start.any.js and MessageEvent_onmessage_postMessage_infinite_loop.html
// (behaviour re-written for taskhost).
// HTML §9.4.4 message port post message steps, step 7.6: fire an event named message at the
// entangled port, using MessageEvent (not bubbling, not cancelable, trusted), with a frozen
// ports array; a port's queue starts disabled, and onmessage enables it.
'use strict';

function firstMessage(port) {
  return new Promise((resolve) => {
    port.addEventListener('message', resolve, {once: true});
    port.start();
  });
}

promise_test(async () => {
  const {port1, port2} = new MessageChannel();
  port1.postMessage('ping');
  const event = await firstMessage(port2);
  assert_true(event instanceof MessageEvent, 'a MessageEvent');
  assert_equals(event.type, 'message');
  assert_false(event.bubbles, 'bubbles');
  assert_false(event.cancelable, 'cancelable');
  assert_true(event.isTrusted, 'isTrusted');
  assert_equals(event.target, port2, 'the entangled port is the target');
  assert_equals(event.data, 'ping');
}, 'a message is a trusted MessageEvent at the entangled port that neither bubbles nor cancels');

promise_test(async () => {
  const channel = new MessageChannel();
  const carried = new MessageChannel();
  channel.port1.postMessage('ports', [carried.port1]);
  const event = await firstMessage(channel.port2);
  assert_equals(event.ports.length, 1);
  assert_true(Object.isFrozen(event.ports), 'frozen');
  assert_throws_js(TypeError, () => event.ports.push(new MessageChannel().port1), 'push()');
  assert_equals(event.ports.length, 1, 'still one port');
  assert_equals(event.ports, event.ports, 'the same array on each read');
}, 'the ports of a message event are a frozen array');

async_test((t) => {
  const {port1, port2} = new MessageChannel();
  port2.addEventListener('message', t.unreached_func('a message at a port never started'));
  port1.postMessage('ping');
  t.step_timeout(() => t.done(), 50);
}, 'a port\'s message queue starts disabled: addEventListener() alone delivers nothing');

async_test((t) => {
  const {port1, port2} = new MessageChannel();
  port2.onmessage = t.step_func_done((e) => assert_equals(e.data, 'ping'));
  port1.postMessage('ping');
}, 'setting onmessage enables the port message queue');

async_test((t) => {
  const {port1, port2} = new MessageChannel();
  let count = 0;
  port1.addEventListener('message', t.step_func(() => {
    count++;
    assert_less_than(count, 1000, 'messages kept coming and the timer never ran');
  }));
  // Each message answers with another: an endless stream of tasks, which must not starve the
  // timer below. (HTML bounds neither how long a ripe timer may wait nor which source runs
  // next, so within 1,000 messages is taskhost's default policy, not a requirement.)
  port1.addEventListener('message', () => port2.postMessage(0));
  port1.start();
  port2.postMessage(0);
  t.step_timeout(() => t.done(), 0);
}, 'taskhost policy: a port that answers every message with another does not keep a timer from running');
