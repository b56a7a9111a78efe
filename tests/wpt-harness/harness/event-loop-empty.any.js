// META: global=window,dedicatedworker,sharedworker
// An async test that nothing can finish: when the event loop runs out of work the runner ends the
// file as a browser's timeout would. In a worker variant, when the worker's and the page's loops
// both have, the page asks the worker's harness to time out.
'use strict';

async_test(() => {}, "nothing finishes me");
promise_test(async () => {}, "a promise test does not wait for an async test");
test(() => {}, "passes");
