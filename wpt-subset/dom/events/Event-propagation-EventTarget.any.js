// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-propagation-EventTarget.any.js (behaviour
// re-written for taskhost; its .html predecessor Event-propagation.html dispatched at
// document.head).
// DOM §2.2/§2.9: stopPropagation(), stopImmediatePropagation() and cancelBubble = true set the
// stop propagation flag, so a dispatch reaches no listener; dispatch clears the flags at its
// end, so a second dispatch of the same event does; initEvent() clears them too.
'use strict';

function heardTwice(event) {
  const target = new EventTarget();
  let heard = 0;
  target.addEventListener('foo', () => heard++);
  target.dispatchEvent(event);
  const first = heard;
  target.dispatchEvent(event);
  return [first, heard - first];
}

for (const [name, stop] of [
  ['stopPropagation()', (e) => e.stopPropagation()],
  ['stopImmediatePropagation()', (e) => e.stopImmediatePropagation()],
  ['cancelBubble = true', (e) => { e.cancelBubble = true; }],
]) {
  test(() => {
    const event = new Event('foo', {bubbles: true});
    stop(event);
    assert_array_equals(heardTwice(event), [0, 1], 'not heard, then heard after the reset');
  }, `after ${name}, a dispatch reaches no listener and resets the flag`);

  test(() => {
    const event = new Event('foo', {bubbles: true});
    stop(event);
    event.initEvent('foo', true, false);
    assert_array_equals(heardTwice(event), [1, 1]);
  }, `initEvent() after ${name} clears the flag`);
}

test(() => {
  assert_array_equals(heardTwice(new Event('foo')), [1, 1]);
}, 'a new event is heard at every dispatch');
