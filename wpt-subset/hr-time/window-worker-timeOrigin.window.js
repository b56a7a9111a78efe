// Derived from web-platform-tests hr-time/window-worker-timeOrigin.window.js (behaviour re-written
// for taskhost; upstream builds the worker from a blob: URL, taskhost loads a file).
// High Resolution Time §4: a worker's time origin is when the worker was created, after the
// window's; the two clocks are on one timeline (timeOrigin + now()).
'use strict';

promise_test(async (t) => {
  const before = performance.timeOrigin + performance.now();
  const worker = new Worker('resources/time-origin-worker.js');
  t.add_cleanup(() => worker.terminate());
  const {timeOrigin, now} = await new Promise((resolve, reject) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = reject;
  });
  const after = performance.timeOrigin + performance.now();
  assert_greater_than(timeOrigin, performance.timeOrigin, "the worker's origin is later");
  assert_less_than_equal(now, after - performance.timeOrigin, "the worker's now() is shorter");
  // Allow for the clocks' rounding.
  assert_greater_than_equal(timeOrigin + 1, before, 'the worker started after new Worker()');
  assert_less_than_equal(timeOrigin + now, after + 1, 'the worker read its clock before its message came');
}, 'a worker\'s timeOrigin and now() are ordered with the window\'s');
