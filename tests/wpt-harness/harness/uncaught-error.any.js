// An exception outside any test step is a harness ERROR; the harness completes at once, so a
// test that never started is NOTRUN and a running one TIMEOUT.
'use strict';

test(() => {}, "passes before the error");
async_test(() => {}, "still running at the error");
setTimeout(() => { throw new RangeError("outside a step"); }, 0);
promise_test(() => new Promise(() => {}), "waits forever");
promise_test(async () => {}, "never starts");
