// META: global=window,worker
// Derived from web-platform-tests dom/events/EventTarget-this-of-listener.any.js (behaviour
// re-written for taskhost; the node targets of its .html predecessor are EventTargets here).
// DOM §2.9 "inner invoke" and WebIDL "call a user object's operation": a listener function is
// called with this = the event's currentTarget; a listener object's handleEvent with this = the
// object; handleEvent is looked up at each dispatch, so replacing it takes effect.
'use strict';

function targets() {
  class Sub extends EventTarget {}
  return [new EventTarget(), new Sub(), new AbortController().signal, self];
}

test(() => {
  let calls = 0;
  for (const target of targets()) {
    const listener = function () {
      calls++;
      assert_equals(this, target);
    };
    target.addEventListener('someevent', listener);
    target.dispatchEvent(new CustomEvent('someevent'));
    target.removeEventListener('someevent', listener);
  }
  assert_equals(calls, 4);
}, 'this inside a listener function is the target');

test(() => {
  let calls = 0;
  for (const target of targets()) {
    const handler = {
      handleEvent() {
        calls++;
        assert_equals(this, handler);
      },
    };
    target.addEventListener('someevent', handler);
    target.dispatchEvent(new CustomEvent('someevent'));
    target.removeEventListener('someevent', handler);
  }
  assert_equals(calls, 4);
}, 'this inside a listener object\'s handleEvent is the object');

test(() => {
  const seen = [];
  for (const target of targets()) {
    const handler = {handleEvent() { seen.push('first'); }};
    target.addEventListener('someevent', handler);
    target.dispatchEvent(new CustomEvent('someevent'));
    handler.handleEvent = function () {
      seen.push('second');
      assert_equals(this, handler);
    };
    target.dispatchEvent(new CustomEvent('someevent'));
    target.removeEventListener('someevent', handler);
  }
  assert_array_equals(seen, ['first', 'second', 'first', 'second', 'first', 'second', 'first', 'second']);
}, 'handleEvent is looked up at each dispatch');
