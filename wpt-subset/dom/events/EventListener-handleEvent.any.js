// META: global=window,worker
// Derived from web-platform-tests dom/events/EventListener-handleEvent.any.js (behaviour re-written for taskhost).
// WebIDL "call a user object's operation" for the EventListener callback interface: a callable
// callback is called with this = currentTarget; otherwise `handleEvent` is looked up on the
// object at each call and called with this = the object. An error in the lookup or a
// non-callable handleEvent is reported and dispatch continues.
'use strict';

setup({ allow_uncaught_exception: true });

// Collects the errors reported at the global while `body` runs.
function reportedErrors(body) {
  const errors = [];
  const onError = (e) => {
    errors.push(e.error);
    e.preventDefault();
  };
  self.addEventListener('error', onError);
  try {
    body();
  } finally {
    self.removeEventListener('error', onError);
  }
  return errors;
}

test(() => {
  const target = new EventTarget();
  const event = new Event('test');
  let received = null;
  const listener = {
    handleEvent(e) {
      received = { thisValue: this, event: e, current: e.currentTarget };
    },
  };
  target.addEventListener('test', listener);
  target.dispatchEvent(event);
  assert_equals(received.thisValue, listener, 'this is the listener object');
  assert_equals(received.event, event, 'the event is the argument');
  assert_equals(received.current, target, 'currentTarget');
}, 'calls handleEvent method of event listener');

test(() => {
  const target = new EventTarget();
  const log = [];
  const listener = { handleEvent() { log.push('first'); } };
  target.addEventListener('test', listener);
  target.dispatchEvent(new Event('test'));
  listener.handleEvent = () => log.push('replaced');
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'replaced']);
}, 'looks up handleEvent method on every event dispatch');

test(() => {
  const target = new EventTarget();
  let lookups = 0;
  const listener = {
    get handleEvent() {
      lookups++;
      return () => {};
    },
  };
  target.addEventListener('test', listener);
  assert_equals(lookups, 0, 'not looked up when added');
  target.dispatchEvent(new Event('test'));
  target.dispatchEvent(new Event('test'));
  assert_equals(lookups, 2, 'looked up once per dispatch');
}, 'handleEvent is a getter invoked at dispatch time');

test(() => {
  const target = new EventTarget();
  let called = null;
  function listener() { called = 'function'; }
  listener.handleEvent = () => { called = 'handleEvent'; };
  target.addEventListener('test', listener);
  target.dispatchEvent(new Event('test'));
  assert_equals(called, 'function');
}, "doesn't look up handleEvent method on callable event listeners");

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', { handleEvent: 'not callable' });
  target.addEventListener('test', {});
  target.addEventListener('test', () => log.push('next listener'));
  const errors = reportedErrors(() => target.dispatchEvent(new Event('test')));
  assert_array_equals(log, ['next listener'], 'dispatch continues');
  assert_equals(errors.length, 2, 'two errors reported');
  for (const e of errors) {
    assert_true(e instanceof TypeError, 'a TypeError');
  }
}, 'throws if handleEvent is not callable, reporting the TypeError');

test(() => {
  const target = new EventTarget();
  const thrown = new Error('from the getter');
  const log = [];
  target.addEventListener('test', { get handleEvent() { throw thrown; } });
  target.addEventListener('test', () => log.push('next listener'));
  const errors = reportedErrors(() => target.dispatchEvent(new Event('test')));
  assert_array_equals(errors, [thrown]);
  assert_array_equals(log, ['next listener']);
}, 'rethrows errors when getting handleEvent');

test(() => {
  const target = new EventTarget();
  const listener = {};
  const log = [];
  target.addEventListener('test', listener);
  listener.handleEvent = function (e) { log.push(this === listener); };
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, [true]);
}, 'handleEvent added after addEventListener() is used');

test(() => {
  const target = new EventTarget();
  const log = [];
  class Handler {
    constructor(name) { this.name = name; }
    handleEvent(e) { log.push(this.name + ':' + e.type); }
  }
  const handler = new Handler('h');
  target.addEventListener('a', handler);
  target.addEventListener('b', handler);
  target.dispatchEvent(new Event('a'));
  target.dispatchEvent(new Event('b'));
  assert_array_equals(log, ['h:a', 'h:b']);
}, 'handleEvent found on the prototype chain');
