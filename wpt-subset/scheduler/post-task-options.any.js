// META: title=Scheduler: postTask() argument conversion
// META: global=window,worker
// taskhost's own test (no upstream counterpart): WebIDL conversion of postTask()'s arguments.
// postTask() returns a promise, so a conversion error is a rejected promise, never a throw; the
// SchedulerPostTaskOptions members are read in lexicographic order (delay, priority, signal);
// delay is [EnforceRange] unsigned long long.
'use strict';

// Calls postTask() and checks that it returned (did not throw).
function post(...args) {
  let result;
  try {
    result = scheduler.postTask(...args);
  } catch (e) {
    assert_unreached(`postTask() threw ${e} instead of returning a rejected promise`);
  }
  assert_true(result instanceof Promise, 'postTask() returns a promise');
  return result;
}

promise_test(async t => {
  await promise_rejects_js(t, TypeError, post(), 'no callback');
  for (const callback of [undefined, null, 5, 'string', {}, Symbol('s')])
    await promise_rejects_js(t, TypeError, post(callback), `callback ${String(callback)}`);
}, 'postTask() rejects with a TypeError when the callback is not callable');

promise_test(async t => {
  for (const priority of ['high', '', 'USER-BLOCKING', 'user_visible', null, 0]) {
    let ran = false;
    await promise_rejects_js(t, TypeError, post(() => { ran = true; }, {priority}),
                             `priority ${String(priority)}`);
    assert_false(ran, 'the callback did not run');
  }
}, 'postTask() rejects with a TypeError for a priority that is not a TaskPriority');

promise_test(async t => {
  for (const signal of [null, {}, 'signal', new EventTarget(), new TaskController()]) {
    await promise_rejects_js(t, TypeError, post(() => {}, {signal}),
                             `signal ${String(signal)}`);
  }
}, 'postTask() rejects with a TypeError for a signal that is not an AbortSignal');

promise_test(async t => {
  for (const delay of [NaN, Infinity, -Infinity, -1, -1.5, 2 ** 53, 'abc']) {
    await promise_rejects_js(t, TypeError, post(() => {}, {delay}), `delay ${String(delay)}`);
  }
}, 'postTask() rejects with a TypeError for a delay outside [EnforceRange] unsigned long long');

promise_test(async t => {
  // -0.5 truncates to -0, which is in range; '1' converts to 1; undefined is the default 0.
  for (const delay of [-0.5, '1', undefined, null, false, 1.99])
    assert_equals(await post(() => 'ran', {delay}), 'ran', `delay ${String(delay)}`);
}, 'postTask() accepts delays that convert to an integer in range');

promise_test(async t => {
  assert_equals(await post(() => 'ran', undefined), 'ran', 'undefined options');
  assert_equals(await post(() => 'ran', null), 'ran', 'null options');
  assert_equals(await post(() => 'ran', {priority: undefined, signal: undefined}), 'ran',
                'undefined members');
  await promise_rejects_js(t, TypeError, post(() => {}, 5), 'options 5');
  await promise_rejects_js(t, TypeError, post(() => {}, 'options'), 'options "options"');
}, 'postTask() accepts missing, undefined and null options and rejects non-object options');

promise_test(async t => {
  const reads = [];
  const options = {
    get signal() { reads.push('signal'); return undefined; },
    get priority() { reads.push('priority'); return undefined; },
    get delay() { reads.push('delay'); return undefined; },
  };
  await post(() => {}, options);
  assert_array_equals(reads, ['delay', 'priority', 'signal']);
}, 'postTask() reads the options members once each, in lexicographic order');

promise_test(async t => {
  // The callback is converted first: bad options are not even read.
  const reads = [];
  const options = {get delay() { reads.push('delay'); return 0; }};
  await promise_rejects_js(t, TypeError, post('not callable', options));
  assert_array_equals(reads, []);
}, 'postTask() converts the callback before the options');

promise_test(async t => {
  const error = new Error('from a getter');
  let ran = false;
  const options = {get priority() { throw error; }};
  await promise_rejects_exactly(t, error, post(() => { ran = true; }, options));
  await scheduler.postTask(() => {}, {priority: 'background'});
  assert_false(ran, 'the callback did not run');
}, 'An exception thrown while reading the options rejects the promise with it');

promise_test(async t => {
  // A bad priority is found before the signal is read, so the signal's state does not matter.
  const reads = [];
  const options = {
    priority: 'bogus',
    get signal() { reads.push('signal'); return AbortSignal.abort(); },
  };
  await promise_rejects_js(t, TypeError, post(() => {}, options));
  assert_array_equals(reads, []);
}, 'A bad priority rejects with a TypeError before the signal is read');
