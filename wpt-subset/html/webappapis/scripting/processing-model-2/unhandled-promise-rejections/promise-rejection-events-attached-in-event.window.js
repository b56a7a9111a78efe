// Derived from web-platform-tests html/webappapis/scripting/processing-model-2/unhandled-promise-rejections/promise-rejection-events-attached-in-event.html
// (behaviour re-written for taskhost). HTML §8.1.5.7: a promise that gets a handler while its
// unhandledrejection event is being dispatched was never in the outstanding rejected promises
// weak set, so no rejectionhandled event follows.
'use strict';
setup({allow_uncaught_exception: true});

async_test((t) => {
  const reason = new Error('rejected');
  const promise = Promise.reject(reason);
  t.add_cleanup(() => {
    onunhandledrejection = null;
    onrejectionhandled = null;
  });
  onrejectionhandled = t.unreached_func('rejectionhandled');
  onunhandledrejection = t.step_func((event) => {
    assert_equals(event.promise, promise, 'promise');
    assert_equals(event.reason, reason, 'reason');
    promise.then(t.unreached_func('fulfilled'), t.step_func((r) => {
      assert_equals(r, reason);
      // Time for a rejectionhandled event, were one coming.
      t.step_timeout(() => t.done(), 10);
    }));
  });
}, 'a handler attached in the unhandledrejection event does not cause rejectionhandled');
