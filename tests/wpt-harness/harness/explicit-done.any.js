// setup({explicit_done: true}): the file ends when done() is called, not when the tests have.
'use strict';

setup({ explicit_done: true });

test(() => {}, "defined first");
setTimeout(() => {
  test(() => {}, "defined in a later task");
  done();
}, 0);
