// META: global=window,worker
// Derived from web-platform-tests webmessaging/message-channels/close.any.js (behaviour re-written for taskhost).
// HTML §9.4.4: close() disentangles the port; a message posted to or from a disentangled port
// goes nowhere, while a message already in the other port's queue is still delivered.
'use strict';

// Resolves after two more tasks: long enough for a message that was going to be delivered.
function twoTasks() {
  return new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0));
}

promise_test(async (t) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = t.unreached_func('message to a closed port');
  channel.port1.close();
  channel.port2.postMessage('TEST');
  await twoTasks();
}, 'Message sent to closed port should not arrive.');

promise_test(async (t) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = t.unreached_func('message from a closed port');
  channel.port2.close();
  channel.port2.postMessage('TEST');
  await twoTasks();
}, 'Message sent from closed port should not arrive.');

promise_test(async (t) => {
  const channel = new MessageChannel();
  const received = [];
  // Wait for the message itself: how many other tasks run first is the user agent's choice.
  const arrived = new Promise((resolve) => {
    channel.port1.onmessage = (e) => {
      received.push(e.data);
      resolve();
    };
  });
  channel.port2.postMessage('in flight');
  channel.port2.close();
  await arrived;
  assert_array_equals(received, ['in flight']);
  channel.port1.close();
}, 'Inflight messages should be delivered even when sending port is closed afterwards.');

promise_test(async (t) => {
  const channel = new MessageChannel();
  const received = [];
  let last;
  const arrived = new Promise((resolve) => { last = resolve; });
  channel.port1.onmessage = (e) => {
    received.push(e.data);
    if (e.data === 'first') {
      channel.port2.close();
    } else {
      last();
    }
  };
  channel.port2.postMessage('first');
  channel.port2.postMessage('second');
  await arrived;
  assert_array_equals(received, ['first', 'second'],
    'the second message was already in port1\'s queue when port2 closed');
  channel.port1.close();
}, 'Close in onmessage should not cancel inflight messages.');

test(() => {
  const channel = new MessageChannel();
  channel.port1.close();
  channel.port1.close();
  assert_equals(channel.port1.postMessage('after close'), undefined, 'posting does not throw');
  channel.port2.close();
}, 'close() can be called twice, and posting afterwards does not throw');
