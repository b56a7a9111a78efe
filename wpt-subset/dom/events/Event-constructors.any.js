// META: title=Event constructors
// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-constructors.any.js (behaviour re-written for taskhost).
// DOM §2.2 new Event(type, eventInitDict), §2.4 CustomEvent. The subtests are unnamed, as
// upstream's: they take the title's name ("Event constructors", "Event constructors 1", ...).
'use strict';

test(function () {
  assert_throws_js(TypeError, () => new Event(), 'the type is required');
  assert_throws_js(TypeError, () => new CustomEvent(), 'also for CustomEvent');
});

test(function () {
  const thrown = new Error('from toString');
  const type = { toString() { throw thrown; } };
  assert_throws_exactly(thrown, () => new Event(type));
  assert_throws_js(TypeError, () => new Event(Symbol('s')), 'a symbol cannot be a DOMString');
});

test(function () {
  const e = new Event('test');
  assert_equals(e.type, 'test');
  assert_equals(e.target, null, 'target');
  assert_equals(e.currentTarget, null, 'currentTarget');
  assert_equals(e.srcElement, null, 'srcElement');
  assert_equals(e.eventPhase, Event.NONE, 'eventPhase');
  assert_false(e.bubbles, 'bubbles');
  assert_false(e.cancelable, 'cancelable');
  assert_false(e.composed, 'composed');
  assert_false(e.defaultPrevented, 'defaultPrevented');
  assert_true(e.returnValue, 'returnValue');
  assert_false(e.cancelBubble, 'cancelBubble');
  assert_false(e.isTrusted, 'isTrusted');
  assert_equals(typeof e.timeStamp, 'number', 'timeStamp');
  assert_greater_than(e.timeStamp, 0, 'timeStamp is after the time origin');
  assert_array_equals(e.composedPath(), [], 'composedPath()');
});

test(function () {
  // The type is converted with ToString; no validation of its content.
  assert_equals(new Event('').type, '', 'the empty string');
  assert_equals(new Event(null).type, 'null');
  assert_equals(new Event(undefined).type, 'undefined');
  assert_equals(new Event(42).type, '42');
  assert_equals(new Event('a b\u0000c').type, 'a b\u0000c');
});

test(function () {
  assert_throws_js(TypeError, () => Event('test'), 'Event() without new');
  assert_throws_js(TypeError, () => CustomEvent('test'), 'CustomEvent() without new');
});

test(function () {
  const e = new Event('test', { bubbles: true, cancelable: true, composed: true });
  assert_true(e.bubbles);
  assert_true(e.cancelable);
  assert_true(e.composed);
  const f = new Event('test', { bubbles: 1, cancelable: 'yes', composed: {} });
  assert_true(f.bubbles, 'ToBoolean on bubbles');
  assert_true(f.cancelable, 'ToBoolean on cancelable');
  assert_true(f.composed, 'ToBoolean on composed');
  const g = new Event('test', { bubbles: 0, cancelable: '', composed: null });
  assert_false(g.bubbles);
  assert_false(g.cancelable);
  assert_false(g.composed);
});

test(function () {
  // undefined and null are an empty dictionary; other primitives are a TypeError.
  assert_false(new Event('test', undefined).bubbles);
  assert_false(new Event('test', null).bubbles);
  assert_throws_js(TypeError, () => new Event('test', 1));
  assert_throws_js(TypeError, () => new Event('test', 'bubbles'));
  assert_throws_js(TypeError, () => new Event('test', true));
});

test(function () {
  // Unknown members are ignored, members inherited through the prototype chain are read,
  // and a function is a valid dictionary.
  const e = new Event('test', { unknown: true, cancelable: true });
  assert_true(e.cancelable);
  assert_false('unknown' in e);
  const inherited = new Event('test', Object.create({ bubbles: true }));
  assert_true(inherited.bubbles, 'inherited member');
  const fn = () => {};
  fn.cancelable = true;
  assert_true(new Event('test', fn).cancelable, 'a function as dictionary');
});

test(function () {
  // Dictionary members are read in lexicographic order: bubbles, cancelable, composed.
  const read = [];
  const init = {};
  for (const name of ['composed', 'cancelable', 'bubbles']) {
    Object.defineProperty(init, name, { get() { read.push(name); return true; } });
  }
  new Event('test', init);
  assert_array_equals(read, ['bubbles', 'cancelable', 'composed']);
});

test(function () {
  const thrown = new Error('getter');
  const init = { get bubbles() { throw thrown; } };
  assert_throws_exactly(thrown, () => new Event('test', init));
});

test(function () {
  const detail = { some: 'object' };
  const e = new CustomEvent('test', { detail, bubbles: true });
  assert_true(e instanceof Event, 'a CustomEvent is an Event');
  assert_equals(e.detail, detail, 'detail by identity');
  assert_true(e.bubbles);
  assert_equals(new CustomEvent('test').detail, null, 'detail defaults to null');
  assert_equals(new CustomEvent('test', { detail: undefined }).detail, null, 'undefined detail is null');
  assert_equals(new CustomEvent('test', { detail: 0 }).detail, 0);
});

test(function () {
  // Dictionary members of CustomEventInit: the inherited ones first, then detail.
  const read = [];
  const init = {};
  for (const name of ['detail', 'composed', 'cancelable', 'bubbles']) {
    Object.defineProperty(init, name, { get() { read.push(name); return undefined; } });
  }
  new CustomEvent('test', init);
  assert_array_equals(read, ['bubbles', 'cancelable', 'composed', 'detail']);
});

test(function () {
  class MyEvent extends Event {
    constructor(type, extra) {
      super(type, { cancelable: true });
      this.extra = extra;
    }
  }
  const e = new MyEvent('mine', 7);
  assert_true(e instanceof Event);
  assert_equals(Object.getPrototypeOf(e), MyEvent.prototype);
  assert_equals(e.type, 'mine');
  assert_true(e.cancelable);
  assert_equals(e.extra, 7);
  assert_false(e.isTrusted);
});
