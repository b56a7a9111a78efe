// An interval keeps the event loop busy: the file's time limit ends it.
'use strict';

setInterval(() => {}, 10);
async_test(() => {}, "waits for the limit");
promise_test(async () => {}, "a promise test does not wait for an async test");
