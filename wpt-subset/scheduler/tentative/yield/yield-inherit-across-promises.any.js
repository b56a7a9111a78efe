// META: global=window,worker
// Derived from web-platform-tests scheduler/tentative/yield/yield-inherit-across-promises.any.js (behaviour re-written for taskhost).
// The scheduling state of a postTask() task (priority source and abort source) is captured by
// every promise reaction registered while it is current (HostMakeJobCallback) and restored when
// the reaction runs (HostCallJobCallback), so yield() after awaiting timers and fetch() still
// belongs to the task. A reaction registered outside the task does not inherit from the task
// that resolves its promise.
// Needs /common/blank.html at the root of the test tree (fetched as an ordinary resource).
'use strict';

const timerTick = () => new Promise(resolve => setTimeout(resolve, 0));

// Runs, in a task posted with `taskOptions`: awaits a timer, a fetch() and another timer; then
// posts a user-blocking subtask and yields. Returns the order of 'subtask' and 'yield'.
async function yieldAfterPromises(taskOptions) {
  const order = [];
  await scheduler.postTask(async () => {
    await timerTick();
    const response = await fetch('/common/blank.html');
    await response.text();
    await timerTick();
    const subtask = scheduler.postTask(() => order.push('subtask'), {priority: 'user-blocking'});
    await scheduler.yield();
    order.push('yield');
    await subtask;
  }, taskOptions);
  return order.join();
}

// A user-blocking continuation (effective priority 5) beats the user-blocking subtask (4); a
// background continuation (1) comes after it.
const expected = {'user-blocking': 'yield,subtask', 'background': 'subtask,yield'};

for (const priority of ['user-blocking', 'background']) {
  promise_test(async t => {
    assert_equals(await yieldAfterPromises({priority}), expected[priority]);
  }, `yield() inherits priority (string) across promises (${priority})`);

  promise_test(async t => {
    const signal = new TaskController({priority}).signal;
    assert_equals(await yieldAfterPromises({signal}), expected[priority]);
  }, `yield() inherits priority (signal) across promises (${priority})`);
}

promise_test(async t => {
  const controller = new TaskController();
  await scheduler.postTask(async () => {
    await timerTick();
    await fetch('/common/blank.html');
    await timerTick();
    controller.abort();
    await promise_rejects_dom(t, 'AbortError', scheduler.yield());
  }, {signal: controller.signal});
}, 'yield() inherits abort across promises');

promise_test(async t => {
  // The .then() is registered here, where there is no scheduling state; its promise is
  // resolved inside a user-blocking task. The continuation is a default user-visible one, so
  // the other user-blocking task goes first.
  const order = [];
  const {promise, resolve} = Promise.withResolvers();
  const continuation = promise.then(async () => {
    await scheduler.yield();
    order.push('continuation');
  });
  const resolver = scheduler.postTask(() => {
    resolve();
    return scheduler.postTask(() => order.push('task'), {priority: 'user-blocking'});
  }, {priority: 'user-blocking'});
  await Promise.all([continuation, resolver]);
  assert_equals(order.join(), 'task,continuation');
}, 'yield() inherits .then() context, not resolve context');

promise_test(async t => {
  // p1's reaction is registered outside any task (user-visible continuation); the
  // queueMicrotask() callback is queued inside a user-blocking task and inherits it
  // (user-blocking continuation).
  const order = [];
  const {promise, resolve} = Promise.withResolvers();
  const p1 = promise.then(async () => {
    order.push('p1-start');
    await scheduler.yield();
    order.push('p1-continuation');
  });
  let p2Done;
  const p2 = scheduler.postTask(() => {
    resolve();
    p2Done = new Promise(done => {
      queueMicrotask(async () => {
        order.push('p2-start');
        await scheduler.yield();
        order.push('p2-continuation');
        done();
      });
    });
  }, {priority: 'user-blocking'});
  const p3 = scheduler.postTask(() => order.push('p3'), {priority: 'user-blocking'});
  await Promise.all([p1, p2, p3]);
  await p2Done;
  assert_equals(order.join(), 'p1-start,p2-start,p2-continuation,p3,p1-continuation');
}, 'yield() inherits priority in queueMicrotask()');
