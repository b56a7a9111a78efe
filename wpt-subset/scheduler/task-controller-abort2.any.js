// META: title=Scheduler: TaskController.abort() aborts only its own tasks
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-controller-abort2.any.js (behaviour re-written for taskhost).
'use strict';

promise_test(async t => {
  const controllers = [];
  const results = [];
  for (let i = 0; i < 5; i++) {
    const controller = new TaskController();
    controllers.push(controller);
    results.push(scheduler.postTask(() => i, {signal: controller.signal}));
  }
  const [aborted] = results.splice(2, 1);
  controllers[2].abort();
  await promise_rejects_dom(t, 'AbortError', aborted);
  const values = await Promise.all(results);
  assert_equals(values.toString(), '0,1,3,4');
}, 'Test aborting a task aborts the appropriate task');

// taskhost's own subtests below.

promise_test(async t => {
  // Each controller at a different priority; aborting the middle one leaves the order of the
  // others unchanged.
  const order = [];
  const priorities = ['background', 'user-visible', 'user-blocking', 'user-visible', 'background'];
  const controllers = priorities.map(priority => new TaskController({priority}));
  const results = controllers.map((c, i) =>
      scheduler.postTask(() => order.push(i), {signal: c.signal}));
  controllers[2].abort();
  await promise_rejects_dom(t, 'AbortError', results[2]);
  await Promise.all(results.filter((_, i) => i !== 2));
  assert_array_equals(order, [1, 3, 0, 4]);
}, 'Aborting one controller leaves the other controllers\' tasks in priority order');
