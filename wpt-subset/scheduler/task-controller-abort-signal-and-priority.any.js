// META: title=Scheduler: TaskController.abort() with a signal and a priority
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-controller-abort-signal-and-priority.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  const controller = new TaskController();
  const signal = controller.signal;
  const withSignal = scheduler.postTask(() => {}, {signal});
  const withBoth = scheduler.postTask(() => {}, {signal, priority: 'background'});
  controller.abort();
  await promise_rejects_dom(t, 'AbortError', withSignal);
  await promise_rejects_dom(t, 'AbortError', withBoth);
}, 'Test that when scheduler.postTask() is given both a signal and priority, the signal abort is honored');

// taskhost's own subtests below.

promise_test(async t => {
  const reason = new Error('custom');
  const controller = new TaskController({priority: 'user-blocking'});
  const signal = controller.signal;
  let ran = 0;
  const results = ['user-blocking', 'user-visible', 'background'].map(
      priority => scheduler.postTask(() => { ran++; }, {signal, priority}));
  controller.abort(reason);
  for (const result of results)
    await promise_rejects_exactly(t, reason, result);
  await scheduler.postTask(() => {}, {priority: 'background'});
  assert_equals(ran, 0, 'no callback ran');
}, 'Tasks posted with a signal and any explicit priority reject with the abort reason');

promise_test(async t => {
  // A TaskSignal.any() signal with a fixed priority still aborts with its input.
  const input = new AbortController();
  const signal = TaskSignal.any([input.signal], {priority: 'user-blocking'});
  const result = scheduler.postTask(() => {}, {signal, priority: 'background'});
  input.abort();
  await promise_rejects_dom(t, 'AbortError', result);
}, 'A composite signal passed with a priority aborts the task when its input aborts');
