// META: global=window,worker
// Derived from web-platform-tests webmessaging/Channel_postMessage_clone_port.any.js,
// Channel_postMessage_clone_port_error.any.js, Channel_postMessage_DataCloneErr.any.js,
// Channel_postMessage_with_transfer_entangled.any.js and
// message-channels/dictionary-transferrable.any.js (behaviour re-written for taskhost).
// HTML §9.4.4 postMessage(message, transfer | options): a transferred port arrives as a new
// MessagePort object still entangled with its partner; the source port in its own transfer
// list, or a global object as the message, is a DataCloneError; both ends of a channel can
// travel and keep their order.
'use strict';

function firstMessage(port) {
  return new Promise((resolve) => {
    port.addEventListener('message', resolve, {once: true});
    port.start();
  });
}

promise_test(async () => {
  const carrier = new MessageChannel();
  const channel = new MessageChannel();
  const original = channel.port2;
  carrier.port1.postMessage('ports', [original]);
  const {ports: [clone]} = await firstMessage(carrier.port2);
  assert_not_equals(clone, original, 'a new MessagePort object');
  assert_true(clone instanceof MessagePort, 'a MessagePort');
  channel.port1.postMessage('ping');
  const event = await firstMessage(clone);
  assert_equals(event.data, 'ping', 'entangled with the original partner');
}, 'a transferred port is a new MessagePort object that receives what its partner posts');

test(() => {
  const {port1} = new MessageChannel();
  port1.start();
  assert_throws_dom('DataCloneError', () => port1.postMessage('ports', [port1]));
}, 'transferring the source port itself is a DataCloneError');

test(() => {
  const {port1} = new MessageChannel();
  assert_throws_dom('DataCloneError', () => port1.postMessage(globalThis));
}, 'posting the global object (a platform object that cannot be serialized) is a DataCloneError');

promise_test(async () => {
  const moved = new MessageChannel();
  const carrier = new MessageChannel();
  moved.port1.postMessage(1);
  carrier.port1.postMessage('sender', [moved.port1]);
  carrier.port1.postMessage('receiver', [moved.port2]);
  const messages = [];
  await new Promise((resolve) => {
    carrier.port2.onmessage = (e) => {
      messages.push(e);
      if (messages.length === 2) resolve();
    };
  });
  const sender = messages[0].ports[0];
  const receiver = messages[1].ports[0];
  sender.postMessage(2);
  const received = [];
  await new Promise((resolve) => {
    receiver.onmessage = (e) => {
      received.push(e.data);
      if (received.length === 3) resolve();
    };
    sender.postMessage(3);
  });
  assert_array_equals(received, [1, 2, 3]);
}, 'both ends of a channel transferred: messages arrive in the order they were posted');

promise_test(async () => {
  const {port1, port2} = new MessageChannel();
  const buffer = new ArrayBuffer(4);
  port1.postMessage(buffer, {transfer: [buffer]});
  assert_equals(buffer.byteLength, 0, 'detached on the sending side');
  const event = await firstMessage(port2);
  assert_equals(event.data.byteLength, 4);
}, 'postMessage(message, {transfer}) transfers an ArrayBuffer');
