// An unhandled rejection is a harness ERROR: in a window the harness completes at `load`, after
// the rejection was reported. In a worker the worker script's done() completes it first, so the
// file is OK (as under upstream's harness in a worker).
'use strict';

test(() => {}, "passes");
Promise.reject(new TypeError("nobody handles me"));
