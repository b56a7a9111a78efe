// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-type.any.js and Event-type-empty.any.js
// (behaviour re-written for taskhost; the document.createEvent() halves of the older .html
// versions need a Document, which workers do not have).
// DOM §2.2: an event's type is set by its constructor or initEvent(); the empty string is a type
// like any other, and a listener for "" hears an event of type "".
'use strict';

test(() => {
  assert_equals(new Event('bar').type, 'bar');
  assert_equals(new Event('').type, '', 'the empty string');
  assert_equals(new Event(42).type, '42', 'converted with ToString');
}, 'Event.type is initialized by the constructor');

test(() => {
  const event = new Event('before');
  event.initEvent('after', false, false);
  assert_equals(event.type, 'after');
}, 'Event.type is set by initEvent()');

for (const [name, make] of [
  ['the constructor', () => new Event('')],
  ['initEvent()', () => {
    const event = new Event('not empty');
    event.initEvent('', false, false);
    return event;
  }],
]) {
  test(() => {
    const event = make();
    assert_equals(event.type, '', 'type');
    assert_false(event.bubbles, 'bubbles');
    assert_false(event.cancelable, 'cancelable');
    const target = new EventTarget();
    let heard = 0;
    target.addEventListener('', () => heard++);
    target.addEventListener('other', () => heard += 10);
    assert_true(target.dispatchEvent(event), 'not canceled');
    assert_equals(heard, 1, 'the listener for "" heard it, and only it');
  }, `an event of the empty type from ${name} is dispatched to listeners for ""`);
}
