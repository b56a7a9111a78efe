// A cleanup that throws is a harness ERROR, and the tests that have not started will not run.
'use strict';

promise_test(() => new Promise(() => {}), "running when the cleanup throws");
promise_test(async () => {}, "queued when the cleanup throws");
setTimeout(() => {
  test(t => {
    t.add_cleanup(() => { throw new Error("cleanup failed"); });
  }, "its cleanup throws");
}, 0);
