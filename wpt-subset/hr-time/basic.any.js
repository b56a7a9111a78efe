// META: global=window,worker
// Derived from web-platform-tests hr-time/basic.any.js and monotonic-clock.any.js (behaviour
// re-written for taskhost). High Resolution Time §4.4: performance.now() is the current high
// resolution time, in milliseconds since the time origin, monotonic and advancing like the
// wall clock; performance.timeOrigin is the time origin in ms since the Unix epoch; Performance
// is an EventTarget.
'use strict';

test(() => {
  assert_equals(typeof self.performance, 'object');
  assert_equals(typeof performance.now, 'function');
  assert_equals(typeof performance.now(), 'number');
  assert_greater_than(performance.now(), 0, 'time has passed since the time origin');
}, 'performance.now() is a function that returns a positive number');

test(() => {
  let previous = performance.now();
  for (let i = 0; i < 1000; i++) {
    const now = performance.now();
    assert_greater_than_equal(now, previous, 'never goes back');
    previous = now;
  }
}, 'performance.now() is monotonic');

promise_test(async (t) => {
  const hr = performance.now();
  const date = Date.now();
  await new Promise((resolve) => t.step_timeout(resolve, 200));
  assert_approx_equals(performance.now() - hr, Date.now() - date, 30,
    'performance.now() advanced as much as Date.now()');
}, 'performance.now() advances like the wall clock');

test(() => {
  assert_equals(typeof performance.timeOrigin, 'number');
  assert_approx_equals(performance.timeOrigin + performance.now(), Date.now(), 30,
    'timeOrigin + now() is the current time');
}, 'performance.timeOrigin + performance.now() is close to Date.now()');

test(() => {
  const json = performance.toJSON();
  assert_equals(json.timeOrigin, performance.timeOrigin, 'timeOrigin');
  assert_equals(JSON.parse(JSON.stringify(performance)).timeOrigin, performance.timeOrigin,
    'JSON.stringify uses toJSON()');
}, 'performance.toJSON() has timeOrigin');

test(() => {
  const seen = [];
  const listener = (e) => seen.push([e.type, e.target === performance, e.currentTarget === performance]);
  performance.addEventListener('custom', listener);
  performance.dispatchEvent(new Event('custom'));
  performance.removeEventListener('custom', listener);
  performance.dispatchEvent(new Event('custom'));
  assert_equals(JSON.stringify(seen), JSON.stringify([['custom', true, true]]));
}, 'performance is an EventTarget');
