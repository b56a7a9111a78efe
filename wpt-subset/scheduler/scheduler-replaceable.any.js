// META: title=Scheduler: the global scheduler attribute is [Replaceable]
// META: global=window,worker
// Derived from web-platform-tests scheduler/scheduler-replaceable.any.js (behaviour re-written for taskhost).
'use strict';

// The global object's own `scheduler` property, as it is before any test replaces it.
const originalScheduler = self.scheduler;
const originalDescriptor = Object.getOwnPropertyDescriptor(self, 'scheduler');

// taskhost's own subtests first: they look at the untouched property.

test(() => {
  const desc = originalDescriptor;
  assert_not_equals(desc, undefined, 'scheduler is an own property of the global object');
  assert_equals(typeof desc.get, 'function', 'getter');
  assert_equals(typeof desc.set, 'function', 'a [Replaceable] attribute has a setter');
  assert_true(desc.enumerable, 'enumerable');
  assert_true(desc.configurable, 'configurable');
  assert_equals(desc.get.name, 'get scheduler', 'getter name');
  assert_equals(desc.set.name, 'set scheduler', 'setter name');
  assert_equals(desc.get.length, 0, 'getter length');
  assert_equals(desc.set.length, 1, 'setter length');
}, 'self.scheduler is an accessor property with a getter and a setter');

test(() => {
  const get = originalDescriptor.get;
  assert_true(originalScheduler instanceof Scheduler, 'scheduler is a Scheduler');
  assert_equals(get.call(self), originalScheduler, 'same object each time');
  assert_equals(self.scheduler, scheduler, 'self.scheduler and scheduler agree');
  // An undefined this value means the global object.
  assert_equals(get.call(undefined), originalScheduler, 'getter with undefined this');
  assert_throws_js(TypeError, () => get.call({}), 'getter on a plain object');
  assert_throws_js(TypeError, () => get.call(originalScheduler), 'getter on a Scheduler');
}, 'The scheduler getter returns the global\'s one Scheduler and checks its this value');

test(() => {
  const set = originalDescriptor.set;
  const target = {};
  assert_throws_js(TypeError, () => set.call(target, 1), 'setter on a plain object');
  assert_false('scheduler' in target, 'nothing was defined on the plain object');
  assert_equals(Object.getOwnPropertyDescriptor(self, 'scheduler').get, originalDescriptor.get,
                'the global property is still the accessor');
}, 'The scheduler setter checks its this value');

// The upstream subtest.

test(t => {
  t.add_cleanup(() => { self.scheduler = originalScheduler; });
  class FakeScheduler {
    constructor() {
      // A strict-mode assignment to the global: throws if the property had no setter.
      scheduler = this;
    }
  }
  const replacement = new FakeScheduler();
  assert_equals(scheduler, replacement, 'scheduler');
  assert_equals(self.scheduler, replacement, 'self.scheduler');
}, 'Tests replacing window.scheduler with a different object');

// More of taskhost's own subtests.

test(t => {
  t.add_cleanup(() => {
    Object.defineProperty(self, 'scheduler', originalDescriptor);
  });
  Object.defineProperty(self, 'scheduler', originalDescriptor);
  const replacement = {};
  self.scheduler = replacement;
  const desc = Object.getOwnPropertyDescriptor(self, 'scheduler');
  assert_equals(desc.value, replacement, 'value');
  assert_true(desc.writable, 'writable');
  assert_true(desc.enumerable, 'enumerable');
  assert_true(desc.configurable, 'configurable');
  assert_equals(desc.get, undefined, 'no getter any more');
  self.scheduler = 'again';
  assert_equals(scheduler, 'again', 'a plain data property from now on');
}, 'Assigning to scheduler replaces the accessor with a data property');

test(t => {
  t.add_cleanup(() => {
    Object.defineProperty(self, 'scheduler', originalDescriptor);
  });
  Object.defineProperty(self, 'scheduler', originalDescriptor);
  self.scheduler = undefined;
  assert_true(Object.prototype.hasOwnProperty.call(self, 'scheduler'), 'still an own property');
  assert_equals(self.scheduler, undefined);
  assert_equals(typeof scheduler, 'undefined');
}, 'scheduler can be replaced with undefined');

promise_test(async t => {
  t.add_cleanup(() => {
    Object.defineProperty(self, 'scheduler', originalDescriptor);
  });
  Object.defineProperty(self, 'scheduler', originalDescriptor);
  self.scheduler = null;
  // The replaced Scheduler keeps working, and its tasks are ordered as before.
  const order = [];
  const tasks = [
    originalScheduler.postTask(() => order.push('uv')),
    originalScheduler.postTask(() => order.push('ub'), {priority: 'user-blocking'}),
  ];
  await Promise.all(tasks);
  assert_array_equals(order, ['ub', 'uv']);
  assert_equals(self.scheduler, null);
}, 'The original Scheduler still works after the global property was replaced');

test(t => {
  t.add_cleanup(() => {
    Object.defineProperty(self, 'scheduler', originalDescriptor);
  });
  Object.defineProperty(self, 'scheduler', originalDescriptor);
  assert_true(delete self.scheduler, 'delete succeeds');
  assert_false('scheduler' in self, 'the property is gone');
  assert_equals(typeof Scheduler, 'function', 'the interface object stays');
}, 'The scheduler property can be deleted');
