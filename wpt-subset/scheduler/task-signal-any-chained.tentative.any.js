// META: global=window,worker
// taskhost's own test (no upstream counterpart): "create a dependent task signal" with a
// TaskSignal priority - the result follows the source, a dependent source is flattened to its
// own source, and a source with fixed priority gives a signal with fixed priority.
'use strict';

test(() => {
  const controller = new TaskController();
  const a = TaskSignal.any([], {priority: controller.signal});
  const b = TaskSignal.any([], {priority: a});
  const c = TaskSignal.any([], {priority: b});
  const log = [];
  for (const [name, signal] of [['c', c], ['source', controller.signal], ['b', b], ['a', a]])
    signal.addEventListener('prioritychange', e => log.push(`${name}:${e.previousPriority}->${signal.priority}`));
  controller.setPriority('background');
  // The source first, then the dependents in the order they were created; b and c depend
  // on the source directly (flattened), so each fires once.
  assert_array_equals(log, [
    'source:user-visible->background',
    'a:user-visible->background',
    'b:user-visible->background',
    'c:user-visible->background',
  ]);
}, 'any(any(source)) follows the source directly; events fire in creation order');

test(() => {
  const fixed = TaskSignal.any([], {priority: 'background'});
  const derived = TaskSignal.any([], {priority: fixed});
  const derivedAgain = TaskSignal.any([], {priority: derived});
  assert_equals(derived.priority, 'background');
  assert_equals(derivedAgain.priority, 'background');
}, 'A composite of a fixed-priority composite takes its priority');

test(() => {
  // The result of any() is a new object every time ([NewObject]), even with the same inputs.
  const controller = new TaskController();
  const a = TaskSignal.any([controller.signal], {priority: controller.signal});
  const b = TaskSignal.any([controller.signal], {priority: controller.signal});
  assert_not_equals(a, b);
  assert_not_equals(a, controller.signal);
}, 'TaskSignal.any() returns a new signal each time');

test(() => {
  // The init's priority is (TaskPriority or TaskSignal): an AbortSignal is not a TaskSignal, so
  // it is converted to a string, which is not a TaskPriority.
  assert_throws_js(TypeError, () => TaskSignal.any([], {priority: new AbortController().signal}),
                   'an AbortSignal');
  assert_throws_js(TypeError, () => TaskSignal.any([], {priority: 'urgent'}), 'a bogus string');
  assert_throws_js(TypeError, () => TaskSignal.any([], {priority: {}}), 'a plain object');
  assert_throws_js(TypeError, () => TaskSignal.any([], {priority: null}), 'null');
  assert_equals(TaskSignal.any([], {priority: undefined}).priority, 'user-visible', 'undefined is the default');
  assert_equals(TaskSignal.any([], null).priority, 'user-visible', 'null init');
  assert_equals(TaskSignal.any([], {priority: {toString() { return 'background'; }}}).priority,
                'background', 'an object that converts to a TaskPriority');
}, 'TaskSignal.any() converts its priority as (TaskPriority or TaskSignal)');

test(() => {
  assert_throws_js(TypeError, () => TaskSignal.any(), 'no arguments');
  assert_throws_js(TypeError, () => TaskSignal.any([{}]), 'a sequence with a non-signal');
  assert_throws_js(TypeError, () => TaskSignal.any(5), 'not a sequence');
  const controller = new AbortController();
  const fromIterable = TaskSignal.any(new Set([controller.signal]));
  controller.abort('r');
  assert_equals(fromIterable.reason, 'r', 'any iterable is a sequence');
}, 'TaskSignal.any() converts its signals argument as sequence<AbortSignal>');

test(() => {
  // The source's own dependents and the dependents' abort state do not interfere.
  const controller = new TaskController();
  const abortInput = new AbortController();
  const withAbort = TaskSignal.any([abortInput.signal], {priority: controller.signal});
  const plain = TaskSignal.any([], {priority: controller.signal});
  abortInput.abort();
  controller.setPriority('background');
  assert_equals(withAbort.priority, 'background');
  assert_equals(plain.priority, 'background');
  assert_true(withAbort.aborted);
  assert_false(plain.aborted);
}, 'Sibling composites follow priority independently of their abort state');

test(() => {
  // A composite created inside the source's prioritychange listener copies the new priority.
  // It is already among the source's dependents when step 8 signals them, but its priority is
  // unchanged, so no event fires for it; the next change reaches it.
  const controller = new TaskController();
  let created = null;
  let events = 0;
  controller.signal.onprioritychange = () => {
    if (created) return;
    created = TaskSignal.any([], {priority: controller.signal});
    created.onprioritychange = () => events++;
  };
  controller.setPriority('background');
  assert_equals(created.priority, 'background');
  assert_equals(events, 0, 'no event for the change it was created in');
  controller.setPriority('user-blocking');
  assert_equals(created.priority, 'user-blocking');
  assert_equals(events, 1, 'one event for the next change');
}, 'A composite created during a priority change follows later changes');
