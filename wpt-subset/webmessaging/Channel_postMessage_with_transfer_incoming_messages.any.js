// META: global=window,worker
// Derived from web-platform-tests webmessaging/Channel_postMessage_with_transfer_incoming_messages.any.js
// and Channel_postMessage_with_transfer_outgoing_messages.any.js (behaviour re-written for taskhost).
// HTML §9.4.4: the messages waiting in a port's message queue travel with the port when it is
// transferred, and a message posted to a port in flight lands in its queue wherever the port
// goes — also when the port is shipped again before those messages were delivered to it.
'use strict';

// Resolves with the first message event at `port`.
function nextMessage(port) {
  return new Promise((resolve) => {
    port.addEventListener('message', resolve, {once: true});
    port.start();
  });
}

promise_test(async () => {
  const moving = new MessageChannel();
  const first = new MessageChannel();
  const second = new MessageChannel();
  // A message waits in the port's (disabled) queue before its first trip.
  moving.port2.postMessage('a');
  first.port1.postMessage(null, [moving.port1]);
  const arrived = await nextMessage(first.port2);
  const [once] = arrived.ports;
  // Posted while the port sits, still disabled, in its new place; then it travels again at
  // once, before these messages were delivered to it.
  moving.port2.postMessage('b');
  moving.port2.postMessage('c');
  second.port1.postMessage(null, [once]);
  const arrivedAgain = await nextMessage(second.port2);
  const [twice] = arrivedAgain.ports;
  moving.port2.postMessage('d');
  const received = [];
  await new Promise((resolve) => {
    twice.onmessage = (e) => {
      received.push(e.data);
      if (received.length === 4) resolve();
    };
  });
  assert_array_equals(received, ['a', 'b', 'c', 'd']);
}, 'messages posted to a port at every step of two transfers arrive, in order, once it is enabled');

promise_test(async () => {
  const moving = new MessageChannel();
  const carrier = new MessageChannel();
  const received = [];
  const done = new Promise((resolve) => {
    moving.port2.onmessage = (e) => {
      received.push(e.data);
      if (received.length === 3) resolve();
    };
  });
  moving.port1.postMessage('before transfer');
  carrier.port1.postMessage(null, [moving.port1]);
  const arrived = await nextMessage(carrier.port2);
  arrived.ports[0].postMessage('from the new place');
  arrived.ports[0].postMessage('again');
  await done;
  assert_array_equals(received, ['before transfer', 'from the new place', 'again']);
}, 'messages sent from a port before and after it was transferred arrive in order');

promise_test(async (t) => {
  const moving = new MessageChannel();
  const carrier = new MessageChannel();
  moving.port2.postMessage('waiting');
  carrier.port1.postMessage(null, [moving.port1]);
  // The old object is detached: what is posted to it or through it goes nowhere, and the
  // waiting message left with the port.
  moving.port1.onmessage = t.unreached_func('a message at the transferred (old) port object');
  const arrived = await nextMessage(carrier.port2);
  const event = await nextMessage(arrived.ports[0]);
  assert_equals(event.data, 'waiting');
}, 'the transferred MessagePort object gets nothing; its waiting message moved with the port');
