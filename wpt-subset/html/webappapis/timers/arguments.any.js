// META: global=window,worker
// Derived from web-platform-tests html/webappapis/timers/arguments.html (behaviour re-written for taskhost).
// HTML timer initialization steps: the extra arguments are passed to a function handler, which
// is called with the global object as its this value.
'use strict';

async_test((t) => {
  const obj = {};
  // A plain function, so that its this value is the one the timer passes (a step_func
  // wrapper would call it with the test as this).
  setTimeout(function (...args) {
    const thisValue = this;
    t.step(() => {
      assert_equals(args.length, 4);
      assert_equals(args[0], 'a');
      assert_equals(args[1], obj, 'objects are passed by identity');
      assert_equals(args[2], undefined);
      assert_equals(args[3], 3);
      assert_equals(thisValue, self, 'this is the global object');
    });
    t.done();
  }, 0, 'a', obj, undefined, 3);
}, 'setTimeout passes its extra arguments to the callback');

async_test((t) => {
  const seen = [];
  const id = setInterval(t.step_func((x, y) => {
    seen.push([x, y]);
    if (seen.length === 2) {
      clearInterval(id);
      assert_array_equals(seen[0], ['x', 'y']);
      assert_array_equals(seen[1], ['x', 'y'], 'the same arguments each time');
      t.done();
    }
  }), 0, 'x', 'y');
}, 'setInterval passes its extra arguments to every call');

async_test((t) => {
  setTimeout(t.step_func_done(function () {
    assert_equals(arguments.length, 0);
  }), 0);
}, 'No extra arguments: the callback gets none');

async_test((t) => {
  setTimeout(t.step_func_done(function () {
    assert_equals(arguments.length, 0, 'no timeout and no arguments');
  }));
}, 'setTimeout with only a handler');
