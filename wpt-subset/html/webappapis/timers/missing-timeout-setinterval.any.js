// META: global=window,worker
// Derived from web-platform-tests html/webappapis/timers/missing-timeout-setinterval.any.js
// (behaviour re-written for taskhost). WebIDL: setInterval(handler, optional long timeout = 0,
// any... arguments) — an omitted or undefined timeout is 0, and the interval repeats.
'use strict';

function repeatsTwice(t, start) {
  let calls = 0;
  const id = start(t.step_func(() => {
    calls++;
    if (calls === 2) {
      clearInterval(id);
      t.done();
    }
  }));
  t.add_cleanup(() => clearInterval(id));
  t.step_timeout(() => assert_unreached(`ran ${calls} time(s) in 200 ms`), 200);
}

async_test((t) => {
  repeatsTwice(t, (f) => setInterval(f));
}, 'setInterval() without a timeout repeats as a 0 ms interval');

async_test((t) => {
  repeatsTwice(t, (f) => setInterval(f, undefined));
}, 'setInterval() with an undefined timeout repeats as a 0 ms interval');

async_test((t) => {
  repeatsTwice(t, (f) => setInterval(f, null));
}, 'setInterval() with a null timeout (ToNumber: 0) repeats as a 0 ms interval');
