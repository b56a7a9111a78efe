// setup() whose function fails an optional precondition: harness PRECONDITION_FAILED.
'use strict';

setup(() => assert_implements_optional(false, "not here"));
test(() => {}, "never counts");
