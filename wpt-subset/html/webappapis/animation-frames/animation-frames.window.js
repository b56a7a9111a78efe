// Derived from web-platform-tests html/webappapis/animation-frames/ (callback-invoked.html,
// cancel-invoked.html, same-dispatch-time.html, callback-multicalls.html,
// callback-exception.window.js, nested-raf-not-in-same-frame.html), behaviour re-written for
// taskhost. HTML §8.11: requestAnimationFrame returns a positive handle and runs its callback in
// the next frame with the frame's timestamp; callbacks of one frame share that timestamp; a
// cancelled callback never runs; a callback's exception is reported and the next callbacks run;
// a callback requested from a callback waits for the next frame.
'use strict';
setup({ allow_uncaught_exception: true });

test(() => {
  assert_equals(typeof requestAnimationFrame, 'function');
  assert_equals(typeof cancelAnimationFrame, 'function');
  assert_equals(requestAnimationFrame.length, 1);
  assert_equals(cancelAnimationFrame.length, 1);
  assert_throws_js(TypeError, () => requestAnimationFrame(), 'no callback');
  assert_throws_js(TypeError, () => requestAnimationFrame(null), 'null');
  assert_throws_js(TypeError, () => requestAnimationFrame({}), 'an object');
  cancelAnimationFrame(0);
  cancelAnimationFrame(2 ** 31);
}, 'requestAnimationFrame and cancelAnimationFrame exist and check their argument');

async_test((t) => {
  const id = requestAnimationFrame(t.step_func_done((timestamp) => {
    assert_equals(typeof timestamp, 'number');
    assert_greater_than(timestamp, 0);
    assert_less_than_equal(timestamp, performance.now());
  }));
  assert_greater_than(id, 0);
}, 'the callback is invoked with a DOMHighResTimeStamp');

async_test((t) => {
  const id = requestAnimationFrame(t.unreached_func('a cancelled callback ran'));
  cancelAnimationFrame(id);
  requestAnimationFrame(() => requestAnimationFrame(t.step_func_done()));
}, 'a cancelled callback is not invoked');

async_test((t) => {
  const stamps = [];
  let cancelMe;
  requestAnimationFrame((ts) => { stamps.push(ts); cancelAnimationFrame(cancelMe); });
  cancelMe = requestAnimationFrame(t.unreached_func('cancelled from an earlier callback of the frame'));
  requestAnimationFrame(t.step_func_done((ts) => {
    stamps.push(ts);
    assert_equals(stamps[0], stamps[1], 'one timestamp for the frame');
  }));
}, 'the callbacks of a frame share its timestamp; one cancelled by an earlier callback does not run');

async_test((t) => {
  let outer;
  requestAnimationFrame((ts) => {
    outer = ts;
    requestAnimationFrame(t.step_func_done((inner) => {
      assert_greater_than(inner, outer, 'the nested callback ran in a later frame');
    }));
  });
}, 'a callback requested from a callback runs in the next frame');

async_test((t) => {
  const order = [];
  requestAnimationFrame(() => {
    order.push('first');
    Promise.resolve().then(() => order.push('first: microtask'));
  });
  requestAnimationFrame(t.step_func_done(() => {
    order.push('second');
    assert_array_equals(order, ['first', 'first: microtask', 'second']);
  }));
}, 'the microtasks of a callback run before the next callback');

async_test((t) => {
  const error = new Error('from a frame callback');
  let reported;
  const onerror = (e) => { reported = e.error; e.preventDefault(); };
  addEventListener('error', onerror);
  t.add_cleanup(() => removeEventListener('error', onerror));
  requestAnimationFrame(() => { throw error; });
  requestAnimationFrame(t.step_func_done(() => {
    assert_equals(reported, error, 'the exception was reported before the next callback ran');
  }));
}, 'an exception in a callback is reported and the frame goes on');
