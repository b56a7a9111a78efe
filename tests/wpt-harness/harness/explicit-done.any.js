// setup({explicit_done: true}): the file ends when done() is called, not when the tests have.
// In a worker the harness always waits for done(), and the worker's script calls it right after
// the test (as wptserve's wrapper does): the test defined in a later task comes too late.
'use strict';

setup({ explicit_done: true });

test(() => {}, "defined first");
setTimeout(() => {
  test(() => {}, "defined in a later task");
  done();
}, 0);
