// META: global=window,worker
// Derived from web-platform-tests html/webappapis/microtask-queuing/queue-microtask.any.js (behaviour re-written for taskhost).
// HTML §8.7 queueMicrotask(callback): queues a microtask that invokes callback; the argument
// must be a function (WebIDL VoidFunction).
'use strict';

test(() => {
  assert_equals(typeof queueMicrotask, 'function');
  assert_equals(queueMicrotask.length, 1);
  assert_equals(queueMicrotask.name, 'queueMicrotask');
}, 'It exists and is a function');

test(() => {
  assert_equals(queueMicrotask(() => {}), undefined);
}, 'It does not throw when a valid function is passed in');

test(() => {
  for (const value of [undefined, null, 0, 'f', {}, [], Symbol('s'), { call() {} }]) {
    assert_throws_js(TypeError, () => queueMicrotask(value), String(typeof value));
  }
  assert_throws_js(TypeError, () => queueMicrotask(), 'no argument');
}, 'It throws when given non-functions');

async_test((t) => {
  const log = [];
  queueMicrotask(t.step_func(() => {
    log.push('microtask');
    assert_array_equals(log, ['sync', 'microtask']);
  }));
  log.push('sync');
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['sync', 'microtask'], 'ran before the next task');
  }), 0);
}, 'It calls the callback asynchronously');

async_test((t) => {
  const log = [];
  Promise.resolve().then(() => log.push('promise 1'));
  queueMicrotask(() => log.push('microtask 1'));
  Promise.resolve().then(() => {
    log.push('promise 2');
    queueMicrotask(() => log.push('microtask 3 (queued by promise 2)'));
  });
  queueMicrotask(() => log.push('microtask 2'));
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['promise 1', 'microtask 1', 'promise 2', 'microtask 2',
      'microtask 3 (queued by promise 2)']);
  }), 0);
}, 'It interleaves with promises as expected');

async_test((t) => {
  let depth = 0;
  const log = [];
  function recurse() {
    log.push(depth);
    if (++depth < 5) {
      queueMicrotask(recurse);
    }
  }
  queueMicrotask(recurse);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, [0, 1, 2, 3, 4], 'the checkpoint drains microtasks queued by microtasks');
  }), 0);
}, 'Microtasks queued from microtasks run in the same checkpoint');

async_test((t) => {
  queueMicrotask(function (...args) {
    const thisValue = this;
    t.step(() => {
      assert_equals(args.length, 0, 'no arguments');
      assert_equals(thisValue, undefined, 'this is undefined for a strict function');
    });
    t.done();
  });
}, 'It calls the callback with no arguments');
