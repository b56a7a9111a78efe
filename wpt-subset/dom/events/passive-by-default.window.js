// Derived from web-platform-tests dom/events/passive-by-default.html (behaviour re-written for taskhost).
// DOM §2.7 "add an event listener", step 2, and "the default passive value": a listener whose
// `passive` is not given is passive for touchstart, touchmove, wheel and mousewheel when the
// target is a Window, a Document, or its document's document element or body element.
'use strict';

// Whether a listener added with `options` (or none) to `target` could cancel the event.
function canCancel(target, type, ...options) {
  let prevented = null;
  const listener = event => {
    event.preventDefault();
    prevented = event.defaultPrevented;
  };
  target.addEventListener(type, listener, ...options);
  const notCanceled = target.dispatchEvent(new Event(type, { cancelable: true }));
  target.removeEventListener(type, listener);
  assert_equals(notCanceled, !prevented, 'dispatchEvent() reports what the listener did');
  return prevented;
}

const listed = ['touchstart', 'touchmove', 'wheel', 'mousewheel'];
const scrollTargets = () => [
  ['the window', self],
  ['the document', document],
  ['the document element', document.documentElement],
  ['the body element', document.body],
];

for (const type of listed) {
  for (const [name, target] of scrollTargets()) {
    test(() => {
      assert_false(canCancel(target, type), 'no options');
      assert_false(canCancel(target, type, {}), 'an empty dictionary');
      assert_false(canCancel(target, type, { passive: undefined }), 'passive: undefined');
      assert_false(canCancel(target, type, false), 'a boolean (capture) only');
    }, `${type} on ${name}: passive unless said otherwise`);

    test(() => {
      assert_true(canCancel(target, type, { passive: false }), 'passive: false');
      assert_false(canCancel(target, type, { passive: true }), 'passive: true');
    }, `${type} on ${name}: an explicit passive wins`);
  }
}

test(() => {
  for (const [name, target] of scrollTargets()) {
    for (const type of ['touchend', 'click', 'scroll', 'Wheel']) {
      assert_true(canCancel(target, type), `${type} on ${name}`);
    }
  }
}, 'Other types are not passive by default, even on those targets');

test(() => {
  const div = document.createElement('div');
  document.body.appendChild(div);
  const head = document.head;
  const detached = document.createElement('body');
  for (const type of listed) {
    assert_true(canCancel(div, type), `${type} on a div`);
    assert_true(canCancel(head, type), `${type} on the head element`);
    assert_true(canCancel(detached, type), `${type} on a body element that is not the body`);
    assert_true(canCancel(new EventTarget(), type), `${type} on an EventTarget`);
  }
  document.body.removeChild(div);
}, 'Other targets are not passive by default');

test(() => {
  const first = document.body;
  const second = document.createElement('body');
  document.documentElement.removeChild(first);
  document.documentElement.appendChild(second);
  try {
    assert_true(canCancel(first, 'wheel'), 'the removed body');
    assert_false(canCancel(second, 'wheel'), 'the body now');
  } finally {
    document.documentElement.removeChild(second);
    document.documentElement.appendChild(first);
  }
}, 'The body element is looked up when the listener is added');
