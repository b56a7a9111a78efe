// META: global=window,worker
// Derived from web-platform-tests scheduler/tentative/yield/yield-inherit-abort-across-settled-promises.any.js (behaviour re-written for taskhost).
// The abort source is part of the inherited scheduling state, like the priority: a yield()
// reached through awaits and then() callbacks inside a task posted with a signal is rejected
// when that signal is aborted while the continuation is queued.
'use strict';

// Queues a user-blocking task that aborts `controller` (it runs before the user-visible
// continuation), then yields and expects the continuation to be rejected.
function yieldThenAbort(t, controller) {
  scheduler.postTask(() => controller.abort(), {priority: 'user-blocking'});
  t.step(() => assert_false(controller.signal.aborted, 'not aborted when yield() is called'));
  return promise_rejects_dom(t, 'AbortError', scheduler.yield());
}

// Runs `body(check)` in a task posted with a TaskController's signal, where check() starts
// the abort race above; the test waits for the check.
function abortInheritanceTest(name, body) {
  promise_test(async t => {
    const controller = new TaskController();
    let checked = false;
    const check = async () => {
      await yieldThenAbort(t, controller);
      checked = true;
    };
    await scheduler.postTask(() => body(check), {signal: controller.signal});
    assert_true(checked, 'the yield() was rejected');
  }, name);
}

abortInheritanceTest('yield() inherits abort with no intervening promise', check => check());

abortInheritanceTest('yield() inherits abort across a pending promise', async check => {
  await new Promise(resolve => queueMicrotask(resolve));
  await check();
});

abortInheritanceTest('yield() inherits abort across an await of a settled promise', async check => {
  await Promise.resolve();
  await check();
});

abortInheritanceTest('yield() inherits abort across an await of a non-promise', async check => {
  await 'not a promise';
  await check();
});

abortInheritanceTest('yield() inherits abort in then() on a settled promise',
                     check => Promise.resolve().then(check));

abortInheritanceTest('yield() inherits abort in a chained then() on a settled promise',
                     check => Promise.resolve().then(() => {}).then(() => {}).then(check));

abortInheritanceTest('yield() inherits abort across an await of a thenable', async check => {
  await {then(onFulfilled) { onFulfilled(); }};
  await check();
});

abortInheritanceTest('yield() inherits abort in a thenable then()', check => {
  return new Promise(resolve => {
    resolve({then(onFulfilled) { onFulfilled(check()); }});
  });
});

// taskhost's own subtest.

abortInheritanceTest('yield() inherits abort after a previous yield() resolved', async check => {
  await scheduler.yield();
  await check();
});
