// A test() body that returns a value is a harness ERROR (it should be a promise_test).
'use strict';

test(async () => {}, "returns a promise");
