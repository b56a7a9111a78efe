// META: title=The whole file is one test
// setup({single_test: true}): the file is a single test named after the title.
'use strict';

setup({ single_test: true });
setTimeout(() => {
  assert_true(true);
  done();
}, 0);
