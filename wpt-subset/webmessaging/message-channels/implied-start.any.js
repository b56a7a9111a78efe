// META: global=window,worker
// Derived from web-platform-tests webmessaging/message-channels/implied-start.any.js and
// no-start.any.js (behaviour re-written for taskhost).
// HTML §9.4.4: a port's message queue is disabled until start() is called; setting onmessage
// calls start(); addEventListener('message') does not.
'use strict';

async_test((t) => {
  const channel = new MessageChannel();
  const received = [];
  channel.port2.postMessage('before onmessage 1');
  channel.port2.postMessage('before onmessage 2');
  channel.port1.onmessage = t.step_func((e) => {
    received.push(e.data);
    if (received.length === 3) {
      assert_array_equals(received, ['before onmessage 1', 'before onmessage 2', 'after']);
      channel.port1.close();
      t.done();
    }
  });
  channel.port2.postMessage('after');
}, 'Setting onmessage starts the port and delivers queued messages in order');

async_test((t) => {
  const channel = new MessageChannel();
  channel.port1.addEventListener('message', t.unreached_func('the port was never started'));
  channel.port2.postMessage('waits');
  // Two tasks later nothing has been delivered.
  setTimeout(t.step_func(() => {
    setTimeout(t.step_func_done(() => channel.port1.close()), 0);
  }), 0);
}, 'addEventListener does not start the port');

async_test((t) => {
  const channel = new MessageChannel();
  const received = [];
  channel.port1.addEventListener('message', t.step_func((e) => {
    received.push(e.data);
    if (received.length === 2) {
      assert_array_equals(received, ['queued', 'after start']);
      channel.port1.close();
      t.done();
    }
  }));
  channel.port2.postMessage('queued');
  setTimeout(t.step_func(() => {
    assert_array_equals(received, [], 'still queued');
    channel.port1.start();
    channel.port2.postMessage('after start');
  }), 0);
}, 'start() delivers the messages that waited, then later ones');

async_test((t) => {
  const channel = new MessageChannel();
  let count = 0;
  channel.port1.onmessage = () => count++;
  channel.port1.start();
  channel.port1.start(); // A second start() does nothing.
  channel.port2.postMessage('once');
  setTimeout(t.step_func(() => {
    setTimeout(t.step_func_done(() => {
      assert_equals(count, 1);
      channel.port1.close();
    }), 0);
  }), 0);
}, 'start() can be called more than once');

async_test((t) => {
  const channel = new MessageChannel();
  const received = [];
  channel.port1.onmessage = (e) => received.push('handler ' + e.data);
  channel.port1.onmessage = null;
  // The port stays started: a listener added later receives the messages.
  channel.port1.addEventListener('message', t.step_func_done((e) => {
    assert_equals(e.data, 'x');
    assert_array_equals(received, []);
    channel.port1.close();
  }));
  channel.port2.postMessage('x');
}, 'Setting onmessage to null does not stop the port');
