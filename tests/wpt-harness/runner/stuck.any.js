// A task that never returns: the runner kills the runtime at the limit.
'use strict';

test(() => {}, "passes first");
setTimeout(() => { for (;;) {} }, 0);
