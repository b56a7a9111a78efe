// META: title=Scheduler: the TaskController constructor
// META: global=window,worker
// taskhost's own test (no upstream counterpart): TaskController(init) and its TaskControllerInit
// dictionary (priority defaults to "user-visible"; values outside TaskPriority throw).
'use strict';

test(() => {
  assert_equals(new TaskController().signal.priority, 'user-visible', 'no argument');
  assert_equals(new TaskController(undefined).signal.priority, 'user-visible', 'undefined');
  assert_equals(new TaskController(null).signal.priority, 'user-visible', 'null');
  assert_equals(new TaskController({}).signal.priority, 'user-visible', 'empty dictionary');
  assert_equals(new TaskController({priority: undefined}).signal.priority, 'user-visible',
                'priority: undefined');
}, 'TaskController() defaults to user-visible priority');

test(() => {
  for (const priority of ['user-blocking', 'user-visible', 'background'])
    assert_equals(new TaskController({priority}).signal.priority, priority);
}, 'TaskController({priority}) sets the signal\'s priority');

test(() => {
  for (const priority of ['high', '', 'Background', 'USER-VISIBLE', ' background', null, 0, {}]) {
    assert_throws_js(TypeError, () => new TaskController({priority}),
                     `priority ${String(priority)}`);
  }
  assert_throws_js(TypeError, () => new TaskController(5), 'a non-object init');
}, 'TaskController() throws a TypeError for a priority that is not a TaskPriority');

test(() => {
  // The enum value is converted with ToString.
  const priority = {toString() { return 'background'; }};
  assert_equals(new TaskController({priority}).signal.priority, 'background');
}, 'TaskController() converts the priority with ToString');

test(() => {
  assert_throws_js(TypeError, () => TaskController());
  assert_throws_js(TypeError, () => TaskController({priority: 'background'}));
}, 'TaskController must be called as a constructor');

test(() => {
  const controller = new TaskController();
  assert_true(controller instanceof AbortController, 'a TaskController is an AbortController');
  const signal = controller.signal;
  assert_true(signal instanceof TaskSignal, 'its signal is a TaskSignal');
  assert_true(signal instanceof AbortSignal, 'its signal is an AbortSignal');
  assert_equals(controller.signal, signal, 'signal returns the same object each time');
  assert_false(signal.aborted, 'not aborted');
  assert_equals(signal.reason, undefined, 'no reason');
  assert_equals(signal.onprioritychange, null, 'no event handler');
}, 'TaskController has a TaskSignal that is not aborted');

test(() => {
  const controllers = [new TaskController(), new TaskController()];
  assert_not_equals(controllers[0].signal, controllers[1].signal);
  controllers[0].setPriority('background');
  assert_equals(controllers[1].signal.priority, 'user-visible');
}, 'Each TaskController has its own signal');
