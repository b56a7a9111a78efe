// A .window.js test runs in the window-like global.
'use strict';

test(() => {
  assert_true(GLOBAL.isWindow());
  assert_false(GLOBAL.isWorker());
  assert_false(GLOBAL.isShadowRealm());
  assert_equals(self, globalThis);
}, "GLOBAL says window");
