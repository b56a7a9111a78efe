// META: title=Scheduler: the postTask() promise resolves with the callback's result
// META: global=window,worker
// Derived from web-platform-tests scheduler/post-task-result-success.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  const value = await scheduler.postTask(() => 1234);
  assert_equals(value, 1234);
}, 'Test the task promise is resolved with the callback return value');

// taskhost's own subtests below.

promise_test(async t => {
  const obj = {};
  assert_equals(await scheduler.postTask(() => obj), obj, 'an object is passed through as is');
  assert_equals(await scheduler.postTask(() => {}), undefined, 'no return value gives undefined');
}, 'The task promise is resolved with exactly the object the callback returned');

promise_test(async t => {
  // "Resolve result with callbackResult": a returned promise or thenable is adopted.
  const fromPromise = await scheduler.postTask(
      () => new Promise(resolve => setTimeout(() => resolve('later'), 0)));
  assert_equals(fromPromise, 'later', 'a returned promise is adopted');
  const fromThenable = await scheduler.postTask(() => ({then(resolve) { resolve('thenable'); }}));
  assert_equals(fromThenable, 'thenable', 'a returned thenable is adopted');
}, 'The task promise adopts a promise or thenable returned by the callback');

promise_test(async t => {
  // The result is resolved inside task A, so its reaction runs in A's microtask checkpoint,
  // before the next task B.
  const order = [];
  const a = scheduler.postTask(() => { order.push('A'); return 'a'; });
  const b = scheduler.postTask(() => { order.push('B'); });
  a.then(value => order.push('then:' + value));
  await Promise.all([a, b]);
  assert_array_equals(order, ['A', 'then:a', 'B']);
}, 'The task promise is resolved while its task runs, before the next task');

promise_test(async t => {
  // The callback is invoked with no arguments and an undefined this value.
  const seen = await scheduler.postTask(function() {
    'use strict';
    return {thisValue: this, count: arguments.length};
  });
  assert_equals(seen.thisValue, undefined, 'this');
  assert_equals(seen.count, 0, 'arguments.length');
}, 'The callback is called with no arguments and an undefined this value');
