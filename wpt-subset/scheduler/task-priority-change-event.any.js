// META: title=Scheduler: the TaskPriorityChangeEvent constructor
// META: global=window,worker
// taskhost's own test (no upstream counterpart): TaskPriorityChangeEvent(type, init), where
// TaskPriorityChangeEventInit has a required previousPriority member of type TaskPriority.
'use strict';

test(() => {
  for (const previousPriority of ['user-blocking', 'user-visible', 'background']) {
    const event = new TaskPriorityChangeEvent('prioritychange', {previousPriority});
    assert_true(event instanceof Event, 'an Event');
    assert_equals(event.type, 'prioritychange');
    assert_equals(event.previousPriority, previousPriority);
  }
  assert_equals(new TaskPriorityChangeEvent('any type', {previousPriority: 'background'}).type,
                'any type', 'the type is not restricted');
}, 'The constructor sets type and previousPriority');

test(() => {
  assert_throws_js(TypeError, () => new TaskPriorityChangeEvent('prioritychange'), 'no dictionary');
  assert_throws_js(TypeError, () => new TaskPriorityChangeEvent('prioritychange', {}), 'empty dictionary');
  assert_throws_js(TypeError, () => new TaskPriorityChangeEvent('prioritychange', undefined), 'undefined');
  assert_throws_js(TypeError, () => new TaskPriorityChangeEvent('prioritychange', null), 'null');
  assert_throws_js(TypeError,
                   () => new TaskPriorityChangeEvent('prioritychange', {previousPriority: undefined}),
                   'previousPriority: undefined');
}, 'previousPriority is required');

test(() => {
  for (const previousPriority of ['high', '', 'Background', null, 1]) {
    assert_throws_js(TypeError,
                     () => new TaskPriorityChangeEvent('prioritychange', {previousPriority}),
                     `previousPriority ${String(previousPriority)}`);
  }
}, 'A previousPriority that is not a TaskPriority throws a TypeError');

test(() => {
  assert_throws_js(TypeError, () => new TaskPriorityChangeEvent(), 'no arguments');
  assert_throws_js(TypeError, () => TaskPriorityChangeEvent('prioritychange', {previousPriority: 'background'}),
                   'called without new');
}, 'The constructor needs a type and must be called with new');

test(() => {
  const plain = new TaskPriorityChangeEvent('prioritychange', {previousPriority: 'background'});
  assert_false(plain.bubbles, 'bubbles defaults to false');
  assert_false(plain.cancelable, 'cancelable defaults to false');
  assert_false(plain.composed, 'composed defaults to false');
  assert_false(plain.isTrusted, 'a constructed event is not trusted');
  assert_equals(plain.target, null, 'no target yet');
  const custom = new TaskPriorityChangeEvent('prioritychange',
      {previousPriority: 'user-blocking', bubbles: true, cancelable: true, composed: true});
  assert_true(custom.bubbles, 'bubbles');
  assert_true(custom.cancelable, 'cancelable');
  assert_true(custom.composed, 'composed');
}, 'EventInit members are honoured');

test(() => {
  // A script can dispatch its own event at a TaskSignal; the signal's priority is unaffected.
  const controller = new TaskController();
  const seen = [];
  controller.signal.onprioritychange = e => seen.push([e.previousPriority, e.isTrusted, e.target === controller.signal]);
  const event = new TaskPriorityChangeEvent('prioritychange', {previousPriority: 'background'});
  assert_true(controller.signal.dispatchEvent(event), 'dispatchEvent returns true');
  assert_equals(seen.length, 1, 'the handler ran once');
  assert_array_equals(seen[0], ['background', false, true]);
  assert_equals(controller.signal.priority, 'user-visible', 'the priority did not change');
}, 'A constructed TaskPriorityChangeEvent can be dispatched at a TaskSignal');

test(() => {
  // The dictionary members are read in lexicographic order, inherited members first.
  const reads = [];
  const init = {};
  for (const name of ['previousPriority', 'composed', 'cancelable', 'bubbles']) {
    Object.defineProperty(init, name, {get() { reads.push(name); return name === 'previousPriority' ? 'background' : false; }});
  }
  new TaskPriorityChangeEvent('prioritychange', init);
  assert_array_equals(reads, ['bubbles', 'cancelable', 'composed', 'previousPriority']);
}, 'The init dictionary is read in WebIDL order');
