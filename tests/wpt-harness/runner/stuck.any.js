// A task that never returns: the runner kills the runtime at the limit. In a worker the harness
// completes at the worker script's done(), before the stuck task: the file is OK.
'use strict';

test(() => {}, "passes first");
setTimeout(() => { for (;;) {} }, 0);
