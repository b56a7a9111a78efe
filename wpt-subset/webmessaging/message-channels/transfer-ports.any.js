// META: global=window,worker
// taskhost's own test (no upstream counterpart): transferring a MessagePort in postMessage's
// transfer list (HTML §9.4.4 transfer steps): the receiver gets a new MessagePort in
// event.ports that stays entangled with the original's partner, with the messages that were
// waiting in the original's queue.
'use strict';

async_test((t) => {
  const carrier = new MessageChannel();
  const inner = new MessageChannel();
  carrier.port2.onmessage = t.step_func((e) => {
    assert_equals(e.ports.length, 1, 'one port transferred');
    const port = e.ports[0];
    assert_true(port instanceof MessagePort);
    assert_not_equals(port, inner.port2, 'a new MessagePort object');
    assert_equals(e.data.label, 'here is a port');
    assert_equals(e.data.port, port, 'the port in the data is the transferred one');
    port.onmessage = t.step_func_done((m) => {
      assert_equals(m.data, 'through the transferred port');
      port.close();
      carrier.port2.close();
    });
    inner.port1.postMessage('through the transferred port');
  });
  carrier.port1.postMessage({ label: 'here is a port', port: inner.port2 }, [inner.port2]);
}, 'A transferred port stays entangled with its partner');

async_test((t) => {
  const carrier = new MessageChannel();
  const inner = new MessageChannel();
  // Messages sent to inner.port2 before it is transferred wait in its queue and move with it.
  inner.port1.postMessage('one');
  inner.port1.postMessage('two');
  carrier.port2.onmessage = t.step_func((e) => {
    const port = e.ports[0];
    const received = [];
    port.onmessage = t.step_func((m) => {
      received.push(m.data);
      if (received.length === 3) {
        assert_array_equals(received, ['one', 'two', 'three']);
        port.close();
        carrier.port2.close();
        t.done();
      }
    });
    inner.port1.postMessage('three');
  });
  carrier.port1.postMessage(null, [inner.port2]);
}, 'Messages waiting in a port\'s queue move with it');

async_test((t) => {
  const carrier = new MessageChannel();
  const inner = new MessageChannel();
  let received = null;
  carrier.port2.onmessage = t.step_func((e) => {
    received = e.ports[0];
    received.onmessage = t.step_func_done((m) => {
      assert_equals(m.data, 'reply');
      received.close();
      carrier.port2.close();
    });
  });
  inner.port1.onmessage = t.unreached_func('the partner must not get messages from the old object');
  carrier.port1.postMessage(null, [inner.port2]);
  // The original object is no longer entangled: posting through it sends nothing.
  inner.port2.postMessage('from the old object');
  setTimeout(t.step_func(() => {
    inner.port1.onmessage = null;
    inner.port1.postMessage('reply');
  }), 0);
}, 'The transferred-from port object is detached');

async_test((t) => {
  const carrier = new MessageChannel();
  const a = new MessageChannel();
  const b = new MessageChannel();
  carrier.port2.onmessage = t.step_func_done((e) => {
    assert_equals(e.ports.length, 2);
    assert_true(Object.isFrozen(e.ports), 'frozen');
    assert_array_equals(e.data, ['a', 'b']);
    e.ports.forEach((p) => p.close());
    carrier.port2.close();
  });
  carrier.port1.postMessage(['a', 'b'], { transfer: [a.port1, b.port1] });
}, 'Several ports can be transferred in one message, in transfer-list order');

test(() => {
  const carrier = new MessageChannel();
  const inner = new MessageChannel();
  assert_throws_dom('DataCloneError',
    () => carrier.port1.postMessage(null, [inner.port1, inner.port1]), 'a port twice');
  assert_throws_dom('DataCloneError',
    () => carrier.port1.postMessage(inner.port1), 'a port that is not in the transfer list');
  carrier.port1.close();
  inner.port1.close();
}, 'Ports must be transferred, once');
