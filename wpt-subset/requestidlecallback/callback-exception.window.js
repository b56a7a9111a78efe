// Derived from web-platform-tests requestidlecallback/callback-exception.html (behaviour re-written for taskhost).
// requestIdleCallback §5.4 "invoke idle callbacks": the callback is invoked with "report" as
// exception behavior, so an exception is reported (an error event at the global) and the
// following idle callbacks still run.
'use strict';

setup({ allow_uncaught_exception: true });

async_test((t) => {
  const thrown = new Error('from an idle callback');
  const log = [];
  const onError = t.step_func((e) => {
    log.push('error event');
    assert_equals(e.error, thrown);
    e.preventDefault();
  });
  self.addEventListener('error', onError);
  requestIdleCallback(() => {
    log.push('throwing callback');
    throw thrown;
  });
  requestIdleCallback(t.step_func_done(() => {
    self.removeEventListener('error', onError);
    log.push('next callback');
    assert_array_equals(log, ['throwing callback', 'error event', 'next callback']);
  }));
}, 'requestIdleCallback callback exceptions are reported to error handler');
