// setup({allow_uncaught_exception: true}): the error event is the test's business.
'use strict';

setup({ allow_uncaught_exception: true });

async_test(t => {
  self.addEventListener("error", t.step_func_done(event => {
    assert_equals(event.message, "Uncaught Error: expected");
    event.preventDefault();
  }));
  setTimeout(() => { throw new Error("expected"); }, 0);
}, "an uncaught error reaches the test's listener");
