// META: title=Scheduler: TaskSignal onprioritychange and the prioritychange event
// META: global=window,worker
// Derived from web-platform-tests scheduler/task-signal-onprioritychange.any.js (behaviour re-written for taskhost).
'use strict';

// One subtest below checks that an exception thrown by a listener is reported (as an error
// event at the global) without stopping setPriority(); the harness must not treat it as a
// harness error.
setup({allow_uncaught_exception: true});

async_test(t => {
  const controller = new TaskController({priority: 'user-visible'});
  controller.signal.onprioritychange = t.step_func_done(event => {
    assert_equals(controller.signal.priority, 'background', 'the priority is already updated');
    assert_equals(event.type, 'prioritychange');
    assert_equals(event.target.priority, 'background');
    assert_equals(event.previousPriority, 'user-visible');
  });
  controller.setPriority('background');
}, 'Test that TaskSignal.onprioritychange listens for prioritychange events');

// taskhost's own subtests below.

test(t => {
  const controller = new TaskController();
  const signal = controller.signal;
  let event = null;
  let phase = null;
  signal.addEventListener('prioritychange', t.step_func(e => {
    event = e;
    phase = e.eventPhase;
    assert_equals(e.currentTarget, signal, 'currentTarget during dispatch');
  }));
  controller.setPriority('user-blocking');
  assert_not_equals(event, null, 'the event was fired');
  assert_true(event instanceof TaskPriorityChangeEvent, 'a TaskPriorityChangeEvent');
  assert_equals(event.type, 'prioritychange');
  assert_equals(event.target, signal, 'target');
  assert_true(event.isTrusted, 'trusted');
  assert_false(event.bubbles, 'does not bubble');
  assert_false(event.cancelable, 'not cancelable');
  assert_equals(phase, Event.AT_TARGET, 'dispatched at the target');
  assert_equals(event.previousPriority, 'user-visible');
}, 'setPriority() fires a trusted, non-bubbling, non-cancelable TaskPriorityChangeEvent');

test(() => {
  const controller = new TaskController();
  const log = [];
  controller.signal.onprioritychange = () => log.push('event:' + controller.signal.priority);
  log.push('before');
  controller.setPriority('background');
  log.push('after');
  assert_array_equals(log, ['before', 'event:background', 'after']);
}, 'The prioritychange event is dispatched synchronously by setPriority()');

test(() => {
  const controller = new TaskController();
  const transitions = [];
  controller.signal.addEventListener('prioritychange',
      e => transitions.push(e.previousPriority + '->' + e.target.priority));
  controller.setPriority('background');
  controller.setPriority('user-blocking');
  controller.setPriority('user-visible');
  controller.setPriority('background');
  assert_array_equals(transitions, [
    'user-visible->background',
    'background->user-blocking',
    'user-blocking->user-visible',
    'user-visible->background',
  ]);
}, 'previousPriority is the priority before each change');

test(() => {
  const signal = new TaskController().signal;
  assert_equals(signal.onprioritychange, null, 'null by default');
  const handler = () => {};
  signal.onprioritychange = handler;
  assert_equals(signal.onprioritychange, handler, 'returns the function that was set');
  signal.onprioritychange = 5;
  assert_equals(signal.onprioritychange, null, 'a non-object is treated as null');
  signal.onprioritychange = handler;
  signal.onprioritychange = null;
  assert_equals(signal.onprioritychange, null, 'null clears it');
}, 'onprioritychange is an event handler IDL attribute');

test(() => {
  const controller = new TaskController();
  const log = [];
  controller.signal.addEventListener('prioritychange', () => log.push('listener 1'));
  controller.signal.onprioritychange = () => log.push('handler');
  controller.signal.addEventListener('prioritychange', () => log.push('listener 2'));
  controller.setPriority('background');
  // Replacing the handler keeps its place among the listeners.
  controller.signal.onprioritychange = () => log.push('new handler');
  controller.setPriority('user-visible');
  assert_array_equals(log, ['listener 1', 'handler', 'listener 2',
                            'listener 1', 'new handler', 'listener 2']);
}, 'The onprioritychange handler runs in the order it was first set among listeners');

test(t => {
  // An exception in one listener is reported and does not stop the others or setPriority().
  const controller = new TaskController();
  const log = [];
  const error = new Error('listener error');
  const reported = [];
  const onError = e => reported.push(e.error);
  self.addEventListener('error', onError);
  t.add_cleanup(() => self.removeEventListener('error', onError));
  controller.signal.addEventListener('prioritychange', () => { log.push('throws'); throw error; });
  controller.signal.addEventListener('prioritychange', () => log.push('second'));
  controller.setPriority('background');
  assert_array_equals(log, ['throws', 'second']);
  assert_equals(controller.signal.priority, 'background');
  assert_array_equals(reported, [error], 'the exception was reported');
}, 'A throwing prioritychange listener does not stop other listeners');
