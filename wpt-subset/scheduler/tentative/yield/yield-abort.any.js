// META: global=window,worker
// Derived from web-platform-tests scheduler/tentative/yield/yield-abort.any.js (behaviour re-written for taskhost).
// yield() takes the abort source of the task it is called from (the signal given to postTask());
// it rejects at once if that signal is aborted, and its continuation is dropped (the promise
// rejected with the reason) if the signal is aborted while the continuation is queued.
'use strict';

promise_test(async t => {
  const controller = new TaskController();
  let continuation;
  const task = scheduler.postTask(() => {
    controller.abort();
    continuation = promise_rejects_dom(t, 'AbortError', scheduler.yield(), 'the yield() promise');
  }, {signal: controller.signal});
  // The abort happened while the task ran, so the task's own promise is rejected too.
  await promise_rejects_dom(t, 'AbortError', task, 'the task promise');
  await continuation;
}, 'yield() with an aborted signal');

promise_test(async t => {
  const controller = new TaskController();
  await scheduler.postTask(async () => {
    // A user-blocking task runs before the user-visible continuation and aborts it.
    scheduler.postTask(() => controller.abort(), {priority: 'user-blocking'});
    t.step(() => assert_false(controller.signal.aborted, 'not aborted when yield() is called'));
    await promise_rejects_dom(t, 'AbortError', scheduler.yield());
  }, {signal: controller.signal});
}, 'yield() aborted in a separate task');

// taskhost's own subtests below.

promise_test(async t => {
  const reason = new Error('custom reason');
  const controller = new TaskController();
  await scheduler.postTask(async () => {
    scheduler.postTask(() => controller.abort(reason), {priority: 'user-blocking'});
    await promise_rejects_exactly(t, reason, scheduler.yield());
  }, {signal: controller.signal});
}, 'yield() rejects with the abort reason when aborted while pending');

promise_test(async t => {
  const reason = new Error('custom reason');
  const controller = new AbortController();
  let continuation;
  const task = scheduler.postTask(() => {
    controller.abort(reason);
    continuation = promise_rejects_exactly(t, reason, scheduler.yield());
  }, {signal: controller.signal});
  await promise_rejects_exactly(t, reason, task);
  await continuation;
}, 'yield() in a task posted with an aborted AbortSignal rejects with its reason');

promise_test(async t => {
  // When aborted while pending, the code after the yield never runs, and the continuation is
  // removed from its queue: a later continuation and task run as usual.
  const order = [];
  const controller = new TaskController({priority: 'background'});
  await scheduler.postTask(async () => {
    scheduler.postTask(() => { order.push('abort'); controller.abort(); }, {priority: 'user-visible'});
    const continuation = scheduler.yield().then(() => order.push('continuation'),
                                                () => order.push('rejected'));
    await continuation;
  }, {signal: controller.signal});
  await scheduler.postTask(() => {}, {priority: 'background'});
  assert_array_equals(order, ['abort', 'rejected']);
}, 'A continuation aborted while pending never resumes');

promise_test(async t => {
  // The yield() resolved before the abort: nothing changes afterwards.
  const controller = new TaskController();
  const result = await scheduler.postTask(async () => {
    await scheduler.yield();
    return 'completed';
  }, {signal: controller.signal});
  controller.abort();
  assert_equals(result, 'completed');
}, 'Aborting after the continuation ran has no effect');

promise_test(async t => {
  // A TaskSignal.any() signal: abort comes from its inputs.
  const input = new AbortController();
  const signal = TaskSignal.any([input.signal], {priority: 'background'});
  await scheduler.postTask(async () => {
    scheduler.postTask(() => input.abort('input aborted'), {priority: 'user-visible'});
    await promise_rejects_exactly(t, 'input aborted', scheduler.yield());
  }, {signal});
}, 'yield() in a task posted with a composite signal rejects when an input is aborted');

promise_test(async t => {
  // The priority option does not detach the abort: the signal still aborts the continuation.
  const controller = new TaskController();
  await scheduler.postTask(async () => {
    scheduler.postTask(() => controller.abort(), {priority: 'user-blocking'});
    await promise_rejects_dom(t, 'AbortError', scheduler.yield());
  }, {signal: controller.signal, priority: 'user-visible'});
}, 'yield() in a task posted with a signal and a priority is aborted by the signal');

promise_test(async t => {
  // Several pending continuations of one task are all rejected by one abort, made after the
  // task finished but before the continuations could run.
  const controller = new TaskController();
  let continuations;
  await scheduler.postTask(() => {
    continuations = [scheduler.yield(), scheduler.yield(), scheduler.yield()];
  }, {signal: controller.signal});
  controller.abort();
  for (const continuation of continuations)
    await promise_rejects_dom(t, 'AbortError', continuation);
}, 'An abort rejects every pending continuation of the signal');
