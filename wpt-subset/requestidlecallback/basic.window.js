// Derived from web-platform-tests requestidlecallback/basic.html and callback-invoked.html (behaviour
// re-written for taskhost).
// requestIdleCallback §5: requestIdleCallback(callback, options) returns a handle > 0 and
// later calls callback with an IdleDeadline; cancelIdleCallback(handle).
'use strict';

test(() => {
  assert_equals(typeof requestIdleCallback, 'function');
  assert_equals(typeof cancelIdleCallback, 'function');
  assert_equals(typeof IdleDeadline, 'function');
  assert_equals(requestIdleCallback.length, 1);
  assert_equals(cancelIdleCallback.length, 1);
}, 'requestIdleCallback and cancelIdleCallback exist');

test((t) => {
  const ids = [];
  for (let i = 0; i < 5; i++) {
    ids.push(requestIdleCallback(() => {}));
  }
  t.add_cleanup(() => ids.forEach((id) => cancelIdleCallback(id)));
  for (const id of ids) {
    assert_true(Number.isInteger(id), 'an integer');
    assert_greater_than(id, 0, 'greater than zero');
  }
  assert_equals(new Set(ids).size, ids.length, 'distinct');
}, 'requestIdleCallback returns distinct positive handles');

test(() => {
  assert_throws_js(TypeError, () => requestIdleCallback(), 'no callback');
  assert_throws_js(TypeError, () => requestIdleCallback(null), 'null');
  assert_throws_js(TypeError, () => requestIdleCallback('code'), 'a string is not a callback');
  assert_throws_js(TypeError, () => requestIdleCallback(() => {}, 5), 'options must be a dictionary');
  assert_throws_js(TypeError, () => new IdleDeadline(), 'IdleDeadline is not constructible');
}, 'requestIdleCallback argument checks');

test(() => {
  assert_equals(cancelIdleCallback(0), undefined);
  assert_equals(cancelIdleCallback(123456), undefined);
  assert_equals(cancelIdleCallback(-1), undefined);
}, 'cancelIdleCallback with an unknown handle does nothing');

test(() => {
  // (Derived from requestidlecallback/idlharness.window.js: an operation of Window called on
  // an object that is not a window throws; undefined as this is the global.)
  assert_throws_js(TypeError, () => requestIdleCallback.call({}, () => {}), 'request on {}');
  assert_throws_js(TypeError, () => cancelIdleCallback.call({}, 1), 'cancel on {}');
  assert_equals(cancelIdleCallback.call(undefined, 1), undefined, 'cancel on undefined');
  const handle = requestIdleCallback.call(window, () => {});
  assert_greater_than(handle, 0, 'request on the window');
  cancelIdleCallback.call(window, handle);
}, 'requestIdleCallback and cancelIdleCallback check their this');

async_test((t) => {
  requestIdleCallback(function (...args) {
    const thisValue = this;
    t.step(() => {
      assert_equals(args.length, 1, 'one argument');
      const deadline = args[0];
      assert_true(deadline instanceof IdleDeadline, 'an IdleDeadline');
      assert_equals(Object.prototype.toString.call(deadline), '[object IdleDeadline]');
      assert_false(deadline.didTimeout, 'didTimeout in an idle period');
      const remaining = deadline.timeRemaining();
      assert_equals(typeof remaining, 'number');
      assert_greater_than_equal(remaining, 0, 'timeRemaining() >= 0');
      assert_less_than_equal(remaining, 50, 'timeRemaining() <= 50');
      // WebIDL "invoke a callback function" without a this value: undefined (strict code).
      assert_equals(thisValue, undefined, 'called with undefined as this');
    });
    t.done();
  });
}, 'The callback receives an IdleDeadline');

async_test((t) => {
  requestIdleCallback(t.step_func_done((deadline) => {
    const first = deadline.timeRemaining();
    let spin = 0;
    for (let i = 0; i < 1e5; i++) {
      spin += i;
    }
    const second = deadline.timeRemaining();
    assert_greater_than(spin, 0);
    assert_less_than_equal(second, first, 'timeRemaining() does not grow');
  }));
}, 'timeRemaining() decreases as time passes');

async_test((t) => {
  let deadline = null;
  requestIdleCallback((d) => { deadline = d; });
  requestIdleCallback(t.step_func_done(() => {
    assert_not_equals(deadline, null);
    // The deadline of a past idle period: never negative.
    assert_greater_than_equal(deadline.timeRemaining(), 0);
  }));
}, 'timeRemaining() is never negative');
