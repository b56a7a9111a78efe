// META: global=window,worker
// Derived from web-platform-tests scheduler/task-signal-any-priority.tentative.any.js (behaviour re-written for taskhost).
'use strict';

test(() => {
  const signal = TaskSignal.any([]);
  assert_true(signal instanceof TaskSignal, 'a TaskSignal');
  assert_equals(signal.priority, 'user-visible');
}, 'TaskSignal.any() returns a user-visible TaskSignal when no priority is specified');

test(() => {
  for (const priority of ['user-blocking', 'user-visible', 'background'])
    assert_equals(TaskSignal.any([], {priority}).priority, priority);
}, 'TaskSignal.any() returns a signal with the correct priority when intialized with a string');

test(() => {
  for (const priority of ['user-blocking', 'user-visible', 'background']) {
    const source = new TaskController({priority}).signal;
    assert_equals(TaskSignal.any([], {priority: source}).priority, priority);
  }
}, 'TaskSignal.any() returns a signal with the correct priority when intialized with a TaskSignal');

test(() => {
  const controller = new TaskController({priority: 'user-blocking'});
  const signal = TaskSignal.any([], {priority: controller.signal});
  for (const priority of ['user-visible', 'background', 'user-blocking']) {
    controller.setPriority(priority);
    assert_equals(signal.priority, priority);
  }
}, 'TaskSignal.any() returns a signal with dynamic priority');

test(t => {
  const controller = new TaskController();
  const signal = TaskSignal.any([], {priority: controller.signal});
  let fired = 0;
  signal.onprioritychange = t.step_func(e => {
    assert_equals(e.target, signal, 'the event targets the composite signal');
    fired++;
  });
  controller.setPriority('background');
  assert_equals(fired, 1);
  controller.setPriority('user-blocking');
  assert_equals(fired, 2);
  controller.setPriority('user-visible');
  assert_equals(fired, 3);
}, 'Priority change events fire for composite signals');

test(t => {
  const controller = new TaskController();
  let signal = controller.signal;
  for (let i = 0; i < 5; i++)
    signal = TaskSignal.any([], {priority: signal});
  const outermost = signal;
  assert_equals(outermost.priority, 'user-visible');
  let fired = 0;
  outermost.onprioritychange = t.step_func(e => {
    assert_equals(e.target, outermost, 'the event targets the outermost signal');
    fired++;
  });
  const expected = ['background', 'user-blocking', 'user-visible'];
  expected.forEach((priority, i) => {
    controller.setPriority(priority);
    assert_equals(fired, i + 1, `events after setPriority('${priority}')`);
    assert_equals(outermost.priority, priority);
  });
}, 'Priority change events fire for composite signals with intermediate sources');

test(() => {
  const controller = new TaskController();
  const fired = [];
  const first = [0, 1, 2].map(() => TaskSignal.any([], {priority: controller.signal}));
  const second = first.map(s => TaskSignal.any([], {priority: s}));
  [...first, ...second].forEach((signal, id) => {
    signal.addEventListener('prioritychange', () => fired.push(id));
  });
  controller.setPriority('background');
  assert_equals(fired.toString(), '0,1,2,3,4,5');
  controller.setPriority('user-blocking');
  assert_equals(fired.toString(), '0,1,2,3,4,5,0,1,2,3,4,5');
}, 'Priority change propagates to multiple dependent signals in the right order');

test(t => {
  const controller = new TaskController();
  const signal = TaskSignal.any([], {priority: controller.signal});
  signal.onabort = t.unreached_func('the composite signal must not abort');
  controller.abort();
  assert_false(signal.aborted);
}, 'TaskSignal.any() does not propagate abort when not given dependent abort signals');

test(t => {
  const taskController = new TaskController();
  const abortController = new AbortController();
  const signal = TaskSignal.any([abortController.signal], {priority: taskController.signal});
  let priorityEvents = 0;
  let abortEvents = 0;
  signal.onprioritychange = () => priorityEvents++;
  signal.onabort = () => abortEvents++;

  taskController.setPriority('background');
  assert_equals(signal.priority, 'background');
  assert_equals(priorityEvents, 1);

  taskController.abort();
  assert_false(signal.aborted, 'aborting the priority source does not abort');
  assert_equals(abortEvents, 0);

  abortController.abort();
  assert_true(signal.aborted, 'aborting an input signal aborts');
  assert_equals(abortEvents, 1);

  taskController.setPriority('user-visible');
  assert_equals(signal.priority, 'user-visible', 'priority still follows after the abort');
  assert_equals(priorityEvents, 2);
}, 'TaskSignal.any() propagates abort and priority');

test(() => {
  const controller = new TaskController();
  const signal = TaskSignal.any([AbortSignal.abort()], {priority: controller.signal});
  assert_true(signal.aborted, 'created aborted');
  let fired = 0;
  signal.onprioritychange = () => fired++;
  controller.setPriority('background');
  assert_equals(signal.priority, 'background');
  assert_equals(fired, 1);
}, 'TaskSignal.any() propagates priority after returning an aborted signal');
