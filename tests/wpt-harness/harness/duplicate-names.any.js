// Two tests with one name make the harness status ERROR.
'use strict';

test(() => {}, "twice");
test(() => {}, "twice");
