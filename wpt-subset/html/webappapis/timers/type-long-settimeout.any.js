// META: global=window,worker
// Derived from web-platform-tests html/webappapis/timers/type-long-settimeout.any.js and
// type-long-setinterval.any.js (behaviour re-written for taskhost).
// HTML: setTimeout(handler, optional long timeout = 0, any... arguments): the timeout is a
// WebIDL `long` (ToNumber, then modulo 2^32 into the signed range), so 2^32 is 0 and 2^31 is
// negative, hence 0.
'use strict';

async_test((t) => {
  const log = [];
  setTimeout(() => log.push('2^32'), 2 ** 32);
  setTimeout(() => log.push('2^31'), 2 ** 31);
  setTimeout(() => log.push('-2^32'), -(2 ** 32));
  setTimeout(() => log.push('0'), 0);
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['2^32', '2^31', '-2^32', '0']);
  }), 0);
}, 'Delays that wrap to 0 or a negative long behave as 0');

async_test((t) => {
  const log = [];
  const converted = [];
  setTimeout(() => log.push('object'), { valueOf() { converted.push('valueOf'); return 0; } });
  setTimeout(() => log.push('string'), '0');
  setTimeout(() => log.push('empty string'), '');
  setTimeout(() => log.push('null'), null);
  setTimeout(() => log.push('false'), false);
  setTimeout(() => log.push('fraction'), 0.9);
  assert_array_equals(converted, ['valueOf'], 'converted once, when setTimeout() is called');
  setTimeout(t.step_func_done(() => {
    assert_array_equals(log, ['object', 'string', 'empty string', 'null', 'false', 'fraction']);
    assert_array_equals(converted, ['valueOf']);
  }), 0);
}, 'The timeout is converted with ToNumber and truncated');

test(() => {
  assert_throws_js(TypeError, () => setTimeout(() => {}, Symbol('delay')), 'a Symbol');
  assert_throws_js(TypeError, () => setTimeout(() => {}, 1n), 'a BigInt');
  const thrown = new Error('valueOf');
  assert_throws_exactly(thrown, () => setTimeout(() => {}, { valueOf() { throw thrown; } }));
  assert_throws_js(TypeError, () => setInterval(() => {}, Symbol('delay')), 'setInterval');
}, 'A timeout that cannot be converted makes setTimeout() throw');

async_test((t) => {
  let runs = 0;
  const id = setInterval(t.step_func(() => {
    runs++;
    if (runs === 2) {
      clearInterval(id);
      t.done();
    }
  }), 2 ** 32);
}, 'setInterval with a delay of 2^32 repeats as a 0 interval');
