// META: global=window,worker
// Derived from web-platform-tests scheduler/tentative/yield/yield-inherit-across-settled-promises.any.js (behaviour re-written for taskhost).
// Inside a background task, yield() is a background continuation however the code got there:
// directly, or through awaits and then() callbacks on settled promises and thenables (each
// reaction job carries the state captured when it was made). A background continuation runs
// after a user-visible task, so the expected order is always 'task,continuation'.
'use strict';

// Posts a user-visible task, then yields; resolves when both ran.
function raceWithUserVisibleTask(order) {
  const task = scheduler.postTask(() => order.push('task'));
  return scheduler.yield().then(() => {
    order.push('continuation');
    return task;
  });
}

// Runs `body(race)` in a background task, where race() starts the race above.
function inheritanceTest(name, body) {
  promise_test(async t => {
    const order = [];
    await scheduler.postTask(() => body(() => raceWithUserVisibleTask(order)),
                             {priority: 'background'});
    assert_equals(order.join(), 'task,continuation');
  }, name);
}

inheritanceTest('yield() inherits priority with no intervening promise', race => race());

inheritanceTest('yield() inherits priority across a pending promise', async race => {
  await new Promise(resolve => queueMicrotask(resolve));
  await race();
});

inheritanceTest('yield() inherits priority across an await of a settled promise', async race => {
  await Promise.resolve('settled');
  await race();
});

inheritanceTest('yield() inherits priority across an await of a non-promise', async race => {
  await 42;
  await race();
});

inheritanceTest('yield() inherits priority in then() on a settled promise',
                race => Promise.resolve().then(race));

inheritanceTest('yield() inherits priority in a chained then() on a settled promise',
                race => Promise.resolve().then(() => 'first').then(() => 'second').then(race));

inheritanceTest('yield() inherits priority across an await of a thenable', async race => {
  await {then(onFulfilled) { onFulfilled('from a thenable'); }};
  await race();
});

inheritanceTest('yield() inherits priority in a thenable then()', race => {
  // The thenable's then() is called by a promise job made while the task ran.
  return new Promise(resolve => {
    resolve({then(onFulfilled) { onFulfilled(race()); }});
  });
});

inheritanceTest('yield() inherits priority across a promise resolved with a thenable', async race => {
  await new Promise(resolve => resolve({then(onFulfilled) { onFulfilled(); }}));
  await race();
});

// taskhost's own subtests below.

inheritanceTest('yield() inherits priority across an await of a rejected promise', async race => {
  try {
    await Promise.reject(new Error('rejected'));
  } catch (e) {
    await race();
  }
});

inheritanceTest('yield() inherits priority in a finally() callback', race => {
  let raced;
  return Promise.resolve().finally(() => { raced = race(); }).then(() => raced);
});

inheritanceTest('yield() inherits priority after several awaits of nested async functions', async race => {
  const inner = async () => { await null; await null; return race(); };
  const middle = async () => { await inner(); };
  await middle();
});

inheritanceTest('yield() inherits priority across consecutive yields', async race => {
  await scheduler.yield();
  await scheduler.yield();
  await race();
});
