// META: global=window,dedicatedworker,sharedworker
// An interval keeps the event loop busy: the file's time limit ends it (in a worker variant, the
// worker's loop is the busy one, and the page asks its harness to time out).
'use strict';

setInterval(() => {}, 10);
async_test(() => {}, "waits for the limit");
promise_test(async () => {}, "a promise test does not wait for an async test");
