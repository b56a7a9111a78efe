// assert_implements_optional: PRECONDITION_FAILED for a subtest.
'use strict';

test(() => assert_implements_optional(false, "an optional feature"), "optional feature missing");
test(() => assert_implements(true, "a required feature"), "required feature present");
test(() => assert_implements(false, "a required feature"), "required feature missing");
