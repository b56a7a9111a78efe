// META: title=Scripts from META comments
// META: script=/common/rooted-helper.js
// META: script=resources/local-helper.js
// META: global=window,worker
// META scripts load in order before the test; an unnamed test takes the title.
'use strict';

test(() => {
  assert_equals(rootedHelper(), "rooted");
  assert_equals(localHelper(), "local");
});
test(function () { assert_equals(META_TITLE, "Scripts from META comments"); });
