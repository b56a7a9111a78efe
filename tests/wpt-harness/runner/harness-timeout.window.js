// The harness times out by itself (here a test's call to timeout(); upstream's own timer does the
// same) with a test left pending: the file is TIMEOUT, and the message says that the harness
// ended it, not the runner's limit or an empty event loop.
'use strict';

setup({ explicit_timeout: true });
async_test(() => {}, "nothing finishes me");
test(() => {}, "passes");
setTimeout(() => timeout(), 0);
