// Derived from web-platform-tests page-visibility/idlharness.window.js and
// unload-bubbles.html's attribute checks, behaviour re-written for taskhost. HTML §6.2:
// document.visibilityState is "visible" or "hidden", document.hidden is whether it is "hidden",
// and onvisibilitychange is an event handler attribute of Document.
'use strict';

test(() => {
  assert_true('visibilityState' in Document.prototype);
  assert_true('hidden' in Document.prototype);
  assert_true('onvisibilitychange' in Document.prototype);
  assert_in_array(document.visibilityState, ['visible', 'hidden']);
  assert_equals(document.hidden, document.visibilityState === 'hidden');
}, 'visibilityState and hidden agree');

test(() => {
  assert_equals(document.onvisibilitychange, null);
  const handler = () => {};
  document.onvisibilitychange = handler;
  assert_equals(document.onvisibilitychange, handler);
  document.onvisibilitychange = null;
}, 'onvisibilitychange is an event handler attribute');

test(() => {
  const get = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState').get;
  assert_throws_js(TypeError, () => get.call({}), 'on a non-document');
}, 'visibilityState checks its receiver');
