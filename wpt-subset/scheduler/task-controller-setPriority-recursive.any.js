// META: title=Scheduler: setPriority() from a prioritychange listener
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-controller-setPriority-recursive.any.js (behaviour re-written for taskhost).
'use strict';

// "Signal priority change" step 1: if the signal's priority changing flag is set, throw a
// "NotAllowedError" DOMException. The flag is set while the event and the dependents' changes
// are dispatched.

async_test(t => {
  const controller = new TaskController();
  controller.signal.onprioritychange = t.step_func_done(() => {
    assert_equals(controller.signal.priority, 'background');
    assert_throws_dom('NotAllowedError', () => controller.setPriority('user-blocking'));
    assert_equals(controller.signal.priority, 'background', 'the nested call changed nothing');
  });
  controller.setPriority('background');
}, 'Test that TaskController.setPriority() throws an error if called recursively');

// taskhost's own subtests below.

test(t => {
  const controller = new TaskController();
  const seen = [];
  controller.signal.onprioritychange = t.step_func(() => {
    // The check comes before "priority is unchanged → return", so even the current priority
    // is refused.
    assert_throws_dom('NotAllowedError', () => controller.setPriority('background'));
    seen.push(controller.signal.priority);
  });
  controller.setPriority('background');
  assert_array_equals(seen, ['background']);
}, 'A recursive setPriority() to the current priority also throws NotAllowedError');

test(t => {
  const controller = new TaskController();
  const events = [];
  controller.signal.onprioritychange = t.step_func(e => {
    events.push(e.previousPriority + '->' + controller.signal.priority);
    assert_throws_dom('NotAllowedError', () => controller.setPriority('user-visible'));
  });
  controller.setPriority('background');
  controller.setPriority('user-blocking');
  assert_array_equals(events, ['user-visible->background', 'background->user-blocking']);
}, 'setPriority() works again after the prioritychange event has been dispatched');

test(() => {
  const a = new TaskController();
  const b = new TaskController();
  const log = [];
  a.signal.onprioritychange = () => {
    log.push('a start');
    b.setPriority('user-blocking');
    log.push('a end');
  };
  b.signal.onprioritychange = () => log.push('b');
  a.setPriority('background');
  assert_array_equals(log, ['a start', 'b', 'a end']);
  assert_equals(b.signal.priority, 'user-blocking');
}, 'A prioritychange listener may change the priority of another controller');

test(t => {
  // Dependents are signalled while the source's priority changing flag is still set.
  const controller = new TaskController();
  const dependent = TaskSignal.any([], {priority: controller.signal});
  let checked = false;
  dependent.onprioritychange = t.step_func(() => {
    assert_throws_dom('NotAllowedError', () => controller.setPriority('user-blocking'));
    checked = true;
  });
  controller.setPriority('background');
  assert_true(checked, 'the dependent\'s listener ran');
  assert_equals(controller.signal.priority, 'background');
  assert_equals(dependent.priority, 'background');
}, 'setPriority() on the source from a dependent signal\'s listener throws NotAllowedError');
