// Derived from web-platform-tests dom/events/event-global.worker.js (behaviour re-written for
// taskhost). HTML: the current event (window.event) is a Window attribute; a worker's global has
// no `event`, during dispatch or not.
importScripts('/resources/testharness.js');

test((t) => {
  assert_false('event' in self, 'no event property');
  const event = new Event('hi');
  let seen = false;
  self.addEventListener('hi', t.step_func((e) => {
    seen = true;
    assert_equals(self.event, undefined, 'during dispatch');
    assert_equals(e, event);
  }));
  self.dispatchEvent(event);
  assert_true(seen, 'the listener ran');
}, 'a worker global has no event attribute');

done();
