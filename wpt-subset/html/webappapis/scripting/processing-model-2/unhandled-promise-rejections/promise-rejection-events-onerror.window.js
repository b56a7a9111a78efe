// Derived from web-platform-tests html/webappapis/scripting/processing-model-2/unhandled-promise-rejections/promise-rejection-events-onerror.html
// (behaviour re-written for taskhost). HTML §8.1.5.7: rejectionhandled is fired from a task
// with "report"-like semantics of event dispatch — an exception thrown by its handler is
// reported (an ErrorEvent at the global, window.onerror with the thrown value); the same for
// unhandledrejection.
'use strict';
setup({allow_uncaught_exception: true});

// promise_test: one at a time, as each sets the global's handlers.
promise_test(async (t) => {
  const thrown = new Error('thrown by onrejectionhandled');
  t.add_cleanup(() => {
    onerror = null;
    onrejectionhandled = null;
    onunhandledrejection = null;
  });
  const seen = [];
  onunhandledrejection = (e) => {
    seen.push('unhandledrejection');
    e.preventDefault();
    // Handled in a later task: after unhandledrejection fired, so rejectionhandled follows.
    // (Handling it a fixed number of timer tasks after the rejection would assume that the
    // notification task runs before them, an order HTML leaves to the user agent.)
    setTimeout(() => promise.catch(() => {}), 0);
  };
  onrejectionhandled = () => {
    seen.push('rejectionhandled');
    throw thrown;
  };
  const reported = new Promise((resolve) => {
    onerror = (message, filename, lineno, colno, error) => {
      seen.push('error');
      resolve({message, error});
      return true;
    };
  });
  const promise = Promise.reject(new Error('rejected'));
  const {message, error} = await reported;
  assert_true(message.includes('thrown by onrejectionhandled'), 'message');
  assert_equals(error, thrown, 'the thrown value');
  assert_array_equals(seen, ['unhandledrejection', 'rejectionhandled', 'error']);
}, 'an exception thrown by an onrejectionhandled handler is reported to onerror');

promise_test(async (t) => {
  const thrown = new Error('thrown by onunhandledrejection');
  t.add_cleanup(() => {
    onerror = null;
    onunhandledrejection = null;
  });
  const reported = new Promise((resolve) => {
    onerror = (message, filename, lineno, colno, error) => {
      resolve(error);
      return true;
    };
  });
  onunhandledrejection = (e) => {
    e.preventDefault();
    throw thrown;
  };
  Promise.reject(new Error('unhandled'));
  assert_equals(await reported, thrown, 'the thrown value');
}, 'an exception thrown by an onunhandledrejection handler is reported to onerror');
