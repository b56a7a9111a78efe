// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-timestamp-high-resolution.html (behaviour re-written for taskhost).
// DOM §2.2: timeStamp is the event's creation time, a DOMHighResTimeStamp relative to the
// global's time origin (the clock of performance.now()).
'use strict';

test(() => {
  const before = performance.now();
  const event = new Event('test');
  const after = performance.now();
  assert_greater_than_equal(event.timeStamp, before);
  assert_less_than_equal(event.timeStamp, after);
}, 'Constructed events get a high-resolution timeStamp on the performance.now() clock');

test(() => {
  const controller = new AbortController();
  let stamp = null;
  controller.signal.onabort = (e) => { stamp = e.timeStamp; };
  const before = performance.now();
  controller.abort();
  const after = performance.now();
  assert_greater_than_equal(stamp, before);
  assert_less_than_equal(stamp, after);
}, 'Events fired by the user agent get a timeStamp on the same clock');

test(() => {
  const event = new Event('test');
  const stamp = event.timeStamp;
  const target = new EventTarget();
  target.dispatchEvent(event);
  event.initEvent('again');
  assert_equals(event.timeStamp, stamp, 'dispatch and initEvent() keep the creation time');
}, 'timeStamp is set once, at creation');
