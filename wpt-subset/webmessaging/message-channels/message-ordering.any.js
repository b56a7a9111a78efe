// META: global=window,worker
// taskhost's own test (no upstream counterpart): the order of message events. Within the posted
// message task source, tasks run in the order they were queued, across ports (HTML §8.1.7 task
// queues). Against timers the standard leaves the choice of task source to the host; taskhost
// documents it (docs/EVENT_LOOP.md, band 2: oldest first by the moment the task became
// runnable — a timer at its due time, a message when it was posted), which the last two
// subtests check.
'use strict';

async_test((t) => {
  const a = new MessageChannel();
  const b = new MessageChannel();
  const log = [];
  const onMessage = t.step_func((e) => {
    log.push(e.data);
    if (log.length === 4) {
      assert_array_equals(log, ['a1', 'b1', 'a2', 'b2']);
      a.port2.close();
      b.port2.close();
      t.done();
    }
  });
  a.port2.onmessage = onMessage;
  b.port2.onmessage = onMessage;
  a.port1.postMessage('a1');
  b.port1.postMessage('b1');
  a.port1.postMessage('a2');
  b.port1.postMessage('b2');
}, 'Messages to different started ports are delivered in posting order');

async_test((t) => {
  const channel = new MessageChannel();
  const log = [];
  channel.port2.onmessage = t.step_func((e) => {
    log.push('message ' + e.data);
    Promise.resolve().then(() => log.push('microtask ' + e.data));
    if (e.data === 2) {
      queueMicrotask(t.step_func_done(() => {
        assert_array_equals(log, ['message 1', 'microtask 1', 'message 2', 'microtask 2']);
        channel.port2.close();
      }));
    }
  });
  channel.port1.postMessage(1);
  channel.port1.postMessage(2);
}, 'Each message is its own task, followed by a microtask checkpoint');

async_test((t) => {
  const channel = new MessageChannel();
  const log = [];
  channel.port2.onmessage = () => log.push('message');
  setTimeout(() => log.push('timer'), 0);
  channel.port1.postMessage('m');
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['timer', 'message']);
    channel.port2.close();
  }), 0);
}, 'taskhost policy: setTimeout(f, 0) then postMessage runs the timer first');

async_test((t) => {
  const channel = new MessageChannel();
  const log = [];
  channel.port2.onmessage = () => log.push('message');
  channel.port1.postMessage('m');
  setTimeout(() => log.push('timer'), 0);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['message', 'timer']);
    channel.port2.close();
  }), 0);
}, 'taskhost policy: postMessage then setTimeout(f, 0) runs the message first');
