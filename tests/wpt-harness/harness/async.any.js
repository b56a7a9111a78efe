// async_test and its step helpers; test order of steps and cleanups.
'use strict';

const log = [];
let firstTestDone;
const firstTestCleanedUp = new Promise(resolve => { firstTestDone = resolve; });

async_test(t => {
  log.push("body");
  t.add_cleanup(() => { log.push("cleanup 1"); });
  t.add_cleanup(() => { log.push("cleanup 2"); firstTestDone(); });
  t.step_timeout(() => {
    log.push("step_timeout");
    setTimeout(t.step_func_done(() => log.push("done step")), 0);
  }, 0);
}, "step_timeout then step_func_done; cleanups run in order");

async_test(t => {
  setTimeout(t.step_func(() => {
    assert_equals(1, 2, "inside step_func");
  }), 0);
}, "a failing step_func fails the test");

async_test(t => {
  setTimeout(t.unreached_func("the timer fired"), 0);
}, "unreached_func");

async_test(t => {
  t.done();
  t.done();
  t.step(() => assert_unreached("a step after done is ignored"));
}, "done twice, and a step after done");

async_test("an async_test without a body").done();

promise_test(async () => {
  await firstTestCleanedUp;
  assert_array_equals(log, ["body", "step_timeout", "done step", "cleanup 1", "cleanup 2"]);
}, "the order of the first test");

async_test(t => {
  const signal = t.get_signal();
  let seen = null;
  t.add_cleanup(() => { seen = signal.aborted; });
  assert_false(signal.aborted);
  t.done();
  promise_test(async () => {
    assert_true(seen, "the signal was aborted when the cleanup ran");
  }, "get_signal aborts before the cleanups run");
}, "get_signal");

promise_test(async t => {
  let n = 0;
  setTimeout(() => { n = 3; }, 0);
  await t.step_wait(() => n === 3, "n becomes 3", 1000, 1);
  assert_equals(n, 3);
}, "step_wait");

async_test(t => {
  const target = new EventTarget();
  const watcher = new EventWatcher(t, target, ["a", "b"]);
  watcher.wait_for(["a", "b"]).then(t.step_func_done(event => {
    assert_equals(event.type, "b");
  }));
  target.dispatchEvent(new Event("a"));
  target.dispatchEvent(new Event("b"));
}, "EventWatcher");

async_test(t => {
  const target = new EventTarget();
  const watcher = new EventWatcher(t, target, ["a", "b"]);
  watcher.wait_for("a").then(t.unreached_func("resolved"));
  target.dispatchEvent(new Event("b"));
}, "EventWatcher fails on an unexpected event");
