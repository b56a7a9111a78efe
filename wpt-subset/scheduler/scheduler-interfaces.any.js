// META: title=Scheduler: interface objects, prototypes and brand checks
// META: global=window,worker
// taskhost's own test (no upstream counterpart; upstream covers this with idlharness): the
// WebIDL shape of Scheduler, TaskController, TaskSignal and TaskPriorityChangeEvent.
'use strict';

const interfaces = [
  // name, parent interface, constructor length
  ['Scheduler', null, 0],
  ['TaskController', 'AbortController', 0],
  ['TaskSignal', 'AbortSignal', 0],
  ['TaskPriorityChangeEvent', 'Event', 2],
];

for (const [name, parent, length] of interfaces) {
  test(() => {
    const desc = Object.getOwnPropertyDescriptor(self, name);
    assert_not_equals(desc, undefined, 'an own property of the global object');
    assert_equals(typeof desc.value, 'function', 'a function');
    assert_true(desc.writable, 'writable');
    assert_false(desc.enumerable, 'not enumerable');
    assert_true(desc.configurable, 'configurable');
    const iface = desc.value;
    assert_equals(iface.name, name, 'name');
    assert_equals(iface.length, length, 'length');
    const parentObject = parent === null ? Function.prototype : self[parent];
    assert_equals(Object.getPrototypeOf(iface), parentObject, 'the interface object\'s [[Prototype]]');
    const parentProto = parent === null ? Object.prototype : self[parent].prototype;
    assert_equals(Object.getPrototypeOf(iface.prototype), parentProto, 'the prototype\'s [[Prototype]]');
    const protoDesc = Object.getOwnPropertyDescriptor(iface, 'prototype');
    assert_false(protoDesc.writable || protoDesc.enumerable || protoDesc.configurable,
                 'prototype is read-only, not enumerable, not configurable');
    assert_equals(iface.prototype.constructor, iface, 'prototype.constructor');
  }, `${name} interface object`);

  test(() => {
    const desc = Object.getOwnPropertyDescriptor(self[name].prototype, Symbol.toStringTag);
    assert_not_equals(desc, undefined, 'the prototype has an own @@toStringTag');
    assert_equals(desc.value, name, 'value');
    assert_false(desc.writable, 'not writable');
    assert_false(desc.enumerable, 'not enumerable');
    assert_true(desc.configurable, 'configurable');
    assert_equals(Object.prototype.toString.call(self[name].prototype), `[object ${name}]`);
  }, `${name}.prototype[Symbol.toStringTag]`);
}

test(() => {
  assert_equals(Object.prototype.toString.call(scheduler), '[object Scheduler]');
  const controller = new TaskController();
  assert_equals(Object.prototype.toString.call(controller), '[object TaskController]');
  assert_equals(Object.prototype.toString.call(controller.signal), '[object TaskSignal]');
  assert_equals(Object.prototype.toString.call(TaskSignal.any([])), '[object TaskSignal]');
  const event = new TaskPriorityChangeEvent('prioritychange', {previousPriority: 'background'});
  assert_equals(Object.prototype.toString.call(event), '[object TaskPriorityChangeEvent]');
}, 'Instances have the right class strings');

test(() => {
  assert_throws_js(TypeError, () => new Scheduler(), 'new Scheduler()');
  assert_throws_js(TypeError, () => Scheduler(), 'Scheduler()');
  assert_throws_js(TypeError, () => new TaskSignal(), 'new TaskSignal()');
  assert_throws_js(TypeError, () => TaskSignal(), 'TaskSignal()');
}, 'Scheduler and TaskSignal have no constructor');

function assertOperation(object, name, length) {
  const desc = Object.getOwnPropertyDescriptor(object, name);
  assert_not_equals(desc, undefined, `${name} exists`);
  assert_equals(typeof desc.value, 'function', `${name} is a function`);
  assert_true(desc.writable && desc.enumerable && desc.configurable,
              `${name} is writable, enumerable and configurable`);
  assert_equals(desc.value.name, name, `${name}.name`);
  assert_equals(desc.value.length, length, `${name}.length`);
}

function assertAttribute(object, name, hasSetter) {
  const desc = Object.getOwnPropertyDescriptor(object, name);
  assert_not_equals(desc, undefined, `${name} exists`);
  assert_equals(typeof desc.get, 'function', `${name} has a getter`);
  assert_equals(desc.get.name, `get ${name}`, `${name} getter name`);
  assert_equals(typeof desc.set, hasSetter ? 'function' : 'undefined', `${name} setter`);
  assert_true(desc.enumerable && desc.configurable, `${name} is enumerable and configurable`);
}

test(() => {
  assertOperation(Scheduler.prototype, 'postTask', 1);
  assertOperation(Scheduler.prototype, 'yield', 0);
  assertOperation(TaskController.prototype, 'setPriority', 1);
  assertOperation(TaskSignal, 'any', 1);
  assertAttribute(TaskSignal.prototype, 'priority', false);
  assertAttribute(TaskSignal.prototype, 'onprioritychange', true);
  assertAttribute(TaskPriorityChangeEvent.prototype, 'previousPriority', false);
  assert_false(Object.prototype.hasOwnProperty.call(scheduler, 'postTask'),
               'operations live on the prototype');
}, 'Operations and attributes have the WebIDL property shape');

promise_test(async t => {
  const {postTask} = scheduler;
  const result = postTask.call({}, () => {});
  await promise_rejects_js(t, TypeError, result, 'postTask on a plain object');
  await promise_rejects_js(t, TypeError, postTask(() => {}), 'postTask with an undefined this');
  await promise_rejects_js(t, TypeError, postTask.call(new TaskController(), () => {}),
                           'postTask on a TaskController');
}, 'postTask() called on something other than a Scheduler rejects with a TypeError');

promise_test(async t => {
  const {yield: yieldMethod} = scheduler;
  await promise_rejects_js(t, TypeError, yieldMethod.call({}), 'yield on a plain object');
  await promise_rejects_js(t, TypeError, yieldMethod(), 'yield with an undefined this');
}, 'yield() called on something other than a Scheduler rejects with a TypeError');

test(() => {
  const priority = Object.getOwnPropertyDescriptor(TaskSignal.prototype, 'priority').get;
  assert_throws_js(TypeError, () => priority.call(new AbortController().signal), 'priority of an AbortSignal');
  assert_throws_js(TypeError, () => priority.call({}), 'priority of a plain object');
  const handler = Object.getOwnPropertyDescriptor(TaskSignal.prototype, 'onprioritychange');
  assert_throws_js(TypeError, () => handler.get.call(new AbortController().signal), 'onprioritychange getter');
  assert_throws_js(TypeError, () => handler.set.call(new AbortController().signal, null), 'onprioritychange setter');
  assert_throws_js(TypeError, () => TaskController.prototype.setPriority.call(new AbortController(), 'background'),
                   'setPriority on an AbortController');
  const previous = Object.getOwnPropertyDescriptor(TaskPriorityChangeEvent.prototype, 'previousPriority').get;
  assert_throws_js(TypeError, () => previous.call(new Event('prioritychange')), 'previousPriority of an Event');
}, 'TaskSignal, TaskController and TaskPriorityChangeEvent members check their this value');

test(() => {
  const controller = new TaskController();
  const setPriority = TaskController.prototype.setPriority;
  assert_throws_js(TypeError, () => setPriority.call(controller), 'a missing argument');
  assert_throws_js(TypeError, () => setPriority.call(controller, 'urgent'), 'not a TaskPriority');
  assert_equals(controller.signal.priority, 'user-visible', 'unchanged');
}, 'setPriority() throws a TypeError for a missing or bogus priority');

test(() => {
  // TaskSignal inherits AbortSignal's statics; AbortSignal.any() makes an AbortSignal.
  assert_equals(TaskSignal.abort, AbortSignal.abort, 'abort() is inherited');
  const plain = AbortSignal.any([]);
  assert_false(plain instanceof TaskSignal, 'AbortSignal.any() does not make a TaskSignal');
  assert_not_equals(TaskSignal.any, AbortSignal.any, 'TaskSignal has its own any()');
}, 'TaskSignal.any() shadows AbortSignal.any()');

test(() => {
  // priority has no setter: a strict-mode assignment throws and the priority stays.
  const signal = new TaskController().signal;
  assert_throws_js(TypeError, () => { signal.priority = 'background'; });
  assert_equals(signal.priority, 'user-visible');
  const event = new TaskPriorityChangeEvent('prioritychange', {previousPriority: 'background'});
  assert_throws_js(TypeError, () => { event.previousPriority = 'user-blocking'; });
  assert_equals(event.previousPriority, 'background');
}, 'TaskSignal.priority and TaskPriorityChangeEvent.previousPriority are read-only');
