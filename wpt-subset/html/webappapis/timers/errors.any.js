// META: global=window,worker
// Derived from web-platform-tests html/webappapis/timers/errors.html (behaviour re-written for
// taskhost). HTML timer initialization steps: an exception thrown by a function handler, or by
// the script of a string handler, is reported — an ErrorEvent at the global — and an interval
// goes on repeating after it.
'use strict';
setup({allow_uncaught_exception: true});

function nextError(t) {
  return new Promise((resolve) => {
    const listener = (event) => {
      event.preventDefault();
      resolve(event);
    };
    self.addEventListener('error', listener, {once: true});
    t.add_cleanup(() => self.removeEventListener('error', listener));
  });
}

promise_test(async (t) => {
  const error = nextError(t);
  setTimeout(() => { throw new Error('from a function'); }, 0);
  const event = await error;
  assert_true(event instanceof ErrorEvent, 'an ErrorEvent');
  assert_equals(event.error.message, 'from a function');
}, 'setTimeout() with a function that throws');

promise_test(async (t) => {
  const error = nextError(t);
  setTimeout("throw new Error('from a string')", 0);
  const event = await error;
  assert_true(event instanceof ErrorEvent, 'an ErrorEvent');
  assert_equals(event.error.message, 'from a string');
}, 'setTimeout() with a string that throws');

promise_test(async (t) => {
  let count = 0;
  const id = setInterval(() => {
    count++;
    throw new Error('interval ' + count);
  }, 0);
  t.add_cleanup(() => clearInterval(id));
  assert_equals((await nextError(t)).error.message, 'interval 1');
  assert_equals((await nextError(t)).error.message, 'interval 2', 'the interval repeats');
}, 'setInterval() with a function that throws goes on repeating');

promise_test(async (t) => {
  const id = setInterval("throw new Error('from an interval string')", 0);
  t.add_cleanup(() => clearInterval(id));
  assert_equals((await nextError(t)).error.message, 'from an interval string');
}, 'setInterval() with a string that throws');
