// META: title=High Resolution Time: the Performance interface and the performance attribute
// META: global=window,worker
// Derived from web-platform-tests hr-time/idlharness.any.js (behaviour re-written for taskhost
// without idlharness): the WebIDL shape of `interface Performance : EventTarget` (HR Time §4.4),
// with User Timing's and the Performance Timeline's partial interfaces, and of
// `[Replaceable] readonly attribute Performance performance` (WindowOrWorkerGlobalScope). On a
// window the attribute is an own property of the global object (Window is [Global]); in a worker
// it is on WorkerGlobalScope.prototype (HTML does not declare WorkerGlobalScope [Global]).
'use strict';

const isWorker = typeof WorkerGlobalScope === 'function';
const attributeHolder = isWorker ? WorkerGlobalScope.prototype : self;
const originalPerformance = self.performance;
const originalDescriptor = Object.getOwnPropertyDescriptor(attributeHolder, 'performance');

test(() => {
  const desc = Object.getOwnPropertyDescriptor(self, 'Performance');
  assert_not_equals(desc, undefined, 'an own property of the global object');
  assert_equals(typeof desc.value, 'function');
  assert_true(desc.writable, 'writable');
  assert_false(desc.enumerable, 'not enumerable');
  assert_true(desc.configurable, 'configurable');
  assert_equals(Performance.name, 'Performance');
  assert_equals(Performance.length, 0);
  assert_equals(Object.getPrototypeOf(Performance), EventTarget, 'the interface object inherits');
  assert_equals(Object.getPrototypeOf(Performance.prototype), EventTarget.prototype,
    'the prototype inherits from EventTarget.prototype');
  assert_equals(Performance.prototype.constructor, Performance);
  assert_equals(Performance.prototype[Symbol.toStringTag], 'Performance');
}, 'Performance is an interface object inheriting from EventTarget');

test(() => {
  assert_throws_js(TypeError, () => new Performance(), 'new');
  assert_throws_js(TypeError, () => Performance(), 'call');
}, 'Performance is not constructible');

test(() => {
  for (const [name, length] of [
    ['now', 0], ['toJSON', 0],
    ['mark', 1], ['measure', 1], ['clearMarks', 0], ['clearMeasures', 0],
    ['getEntries', 0], ['getEntriesByType', 1], ['getEntriesByName', 1],
  ]) {
    const desc = Object.getOwnPropertyDescriptor(Performance.prototype, name);
    assert_not_equals(desc, undefined, `${name} is on the prototype`);
    assert_equals(typeof desc.value, 'function', name);
    assert_true(desc.writable && desc.enumerable && desc.configurable, `${name}: an operation`);
    assert_equals(desc.value.name, name, `${name}.name`);
    assert_equals(desc.value.length, length, `${name}.length`);
    assert_throws_js(TypeError, () => desc.value.call({}), `${name} on a plain object`);
    assert_throws_js(TypeError, () => desc.value.call(new EventTarget()),
      `${name} on another EventTarget`);
  }
  const desc = Object.getOwnPropertyDescriptor(Performance.prototype, 'timeOrigin');
  assert_equals(typeof desc.get, 'function', 'timeOrigin getter');
  assert_equals(desc.set, undefined, 'timeOrigin is read-only');
  assert_true(desc.enumerable && desc.configurable, 'timeOrigin: an attribute');
  assert_equals(desc.get.name, 'get timeOrigin');
  assert_throws_js(TypeError, () => desc.get.call({}), 'timeOrigin on a plain object');
  assert_throws_js(TypeError, () => Performance.prototype.timeOrigin, 'on the prototype');
}, 'Performance.prototype has the operations and attributes, with brand checks');

test(() => {
  assert_true(originalPerformance instanceof Performance, 'a Performance');
  assert_true(originalPerformance instanceof EventTarget, 'an EventTarget');
  assert_equals(Object.getPrototypeOf(originalPerformance), Performance.prototype);
  assert_array_equals(Object.getOwnPropertyNames(originalPerformance), [], 'no own properties');
  assert_equals(Object.prototype.toString.call(originalPerformance), '[object Performance]');
  assert_equals(self.performance, self.performance, 'the same object each time');
}, 'performance is the global\'s Performance object');

test(() => {
  const json = originalPerformance.toJSON();
  assert_equals(Object.getPrototypeOf(json), Object.prototype);
  assert_array_equals(Object.keys(json), ['timeOrigin'], 'the attributes');
  assert_equals(json.timeOrigin, originalPerformance.timeOrigin);
  assert_not_equals(originalPerformance.toJSON(), json, 'a new object each time');
}, 'toJSON() is the default toJSON: the attributes, as a new object');

test(() => {
  let calls = 0;
  originalPerformance.addEventListener('x', () => calls++, { once: true });
  originalPerformance.dispatchEvent(new Event('x'));
  originalPerformance.dispatchEvent(new Event('x'));
  assert_equals(calls, 1);
}, 'performance is an EventTarget: its listeners receive dispatched events');

test(() => {
  const desc = originalDescriptor;
  assert_not_equals(desc, undefined,
    isWorker ? 'on WorkerGlobalScope.prototype' : 'an own property of the global object');
  if (isWorker) {
    assert_false(Object.prototype.hasOwnProperty.call(self, 'performance'),
      'not an own property of a worker global');
  }
  assert_equals(typeof desc.get, 'function', 'getter');
  assert_equals(typeof desc.set, 'function', 'a [Replaceable] attribute has a setter');
  assert_true(desc.enumerable, 'enumerable');
  assert_true(desc.configurable, 'configurable');
  assert_equals(desc.get.name, 'get performance');
  assert_equals(desc.set.name, 'set performance');
  assert_equals(desc.get.call(self), originalPerformance);
  assert_equals(desc.get.call(undefined), originalPerformance, 'undefined this: the global');
  assert_throws_js(TypeError, () => desc.get.call({}), 'getter on a plain object');
  assert_throws_js(TypeError, () => desc.set.call({}, 1), 'setter on a plain object');
}, 'performance is a [Replaceable] accessor attribute');

test(() => {
  // Runs last: it replaces the global's performance.
  self.performance = 1;
  assert_equals(self.performance, 1, 'replaced');
  const own = Object.getOwnPropertyDescriptor(self, 'performance');
  assert_equals(own.value, 1, 'an own data property of the global object');
  assert_true(own.writable && own.enumerable && own.configurable, 'CreateDataProperty');
  assert_equals(originalDescriptor.get.call(self), originalPerformance,
    'the getter still returns the Performance object');
  assert_equals(typeof originalPerformance.now(), 'number', 'the old object still works');
}, 'Setting performance replaces it with a data property');
