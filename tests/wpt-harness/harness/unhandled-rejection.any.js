// An unhandled rejection is a harness ERROR.
'use strict';

test(() => {}, "passes");
Promise.reject(new TypeError("nobody handles me"));
