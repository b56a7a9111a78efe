// META: global=window,worker
// taskhost's own test (no upstream counterpart): AbortSignal.any(signals) argument conversion
// (WebIDL sequence<AbortSignal>) and dependent-signal cases the shared helper does not cover.
// DOM §3.2 AbortSignal.any(), §3.2.1 "create a dependent abort signal", "signal abort".
'use strict';

test(() => {
  const a = new AbortController();
  const b = new AbortController();
  const fromSet = AbortSignal.any(new Set([a.signal, b.signal]));
  function* gen() { yield a.signal; yield b.signal; }
  const fromGenerator = AbortSignal.any(gen());
  b.abort('b');
  assert_equals(fromSet.reason, 'b', 'from a Set');
  assert_equals(fromGenerator.reason, 'b', 'from a generator');
}, 'AbortSignal.any() accepts any iterable of signals');

test(() => {
  assert_throws_js(TypeError, () => AbortSignal.any(), 'no argument');
  assert_throws_js(TypeError, () => AbortSignal.any(null), 'null');
  assert_throws_js(TypeError, () => AbortSignal.any({}), 'not iterable');
  assert_throws_js(TypeError, () => AbortSignal.any([new AbortController().signal, {}]), 'a plain object');
  assert_throws_js(TypeError, () => AbortSignal.any([new AbortController()]), 'a controller');
  assert_throws_js(TypeError, () => AbortSignal.any([new EventTarget()]), 'an EventTarget');
  assert_throws_js(TypeError, () => AbortSignal.any(['signal']), 'a string');
}, 'AbortSignal.any() rejects values that are not AbortSignals');

test(() => {
  const iterated = [];
  const controller = new AbortController();
  const iterable = {
    *[Symbol.iterator]() {
      iterated.push('start');
      yield controller.signal;
      iterated.push('end');
    },
  };
  const signal = AbortSignal.any(iterable);
  assert_array_equals(iterated, ['start', 'end'], 'the iterable is consumed during the call');
  assert_false(signal.aborted);
}, 'AbortSignal.any() converts its argument before creating the signal');

test(() => {
  const controller = new AbortController();
  const a = AbortSignal.any([controller.signal]);
  const b = AbortSignal.any([controller.signal]);
  assert_not_equals(a, b, 'a new signal per call');
  assert_equals(Object.getPrototypeOf(a), AbortSignal.prototype);
}, 'AbortSignal.any() returns a new AbortSignal each call');

test(() => {
  const first = new AbortController();
  const second = new AbortController();
  const combined = AbortSignal.any([first.signal, second.signal]);
  const reasons = [];
  combined.addEventListener('abort', () => reasons.push(combined.reason));
  second.abort('second');
  first.abort('first');
  assert_array_equals(reasons, ['second'], 'one event, with the reason of the first abort');
  assert_equals(combined.reason, 'second');
}, 'a signal with several sources is aborted once, by the first source aborted');

test(() => {
  const controller = new AbortController();
  const reason = { identity: 'kept' };
  const dependents = [
    AbortSignal.any([controller.signal]),
    AbortSignal.any([AbortSignal.any([controller.signal])]),
  ];
  controller.abort(reason);
  for (const d of dependents) {
    assert_equals(d.reason, reason);
  }
}, 'the reason object is propagated by identity to direct and indirect dependents');

test(() => {
  const controller = new AbortController();
  const dependent = AbortSignal.any([controller.signal]);
  const log = [];
  controller.signal.onabort = () => log.push('source onabort');
  controller.signal.addEventListener('abort', () => log.push('source listener'));
  dependent.onabort = () => log.push('dependent onabort');
  dependent.addEventListener('abort', () => log.push('dependent listener'));
  controller.abort();
  assert_array_equals(log,
    ['source onabort', 'source listener', 'dependent onabort', 'dependent listener']);
}, 'the source fires its abort event before its dependents');

test(() => {
  const log = [];
  const first = new AbortController();
  const second = new AbortController();
  const onFirst = AbortSignal.any([first.signal]);
  const onBoth = AbortSignal.any([second.signal, first.signal]);
  const onSecond = AbortSignal.any([second.signal]);
  for (const [name, s] of [['first', first.signal], ['second', second.signal],
    ['onFirst', onFirst], ['onBoth', onBoth], ['onSecond', onSecond]]) {
    s.addEventListener('abort', () => log.push(name));
  }
  first.abort();
  assert_array_equals(log, ['first', 'onFirst', 'onBoth']);
  second.abort();
  assert_array_equals(log, ['first', 'onFirst', 'onBoth', 'second', 'onSecond']);
}, 'aborting a source fires only at its own dependents, in creation order');

test(() => {
  const aborted = AbortSignal.abort('pre');
  const live = new AbortController();
  const combined = AbortSignal.any([live.signal, aborted]);
  assert_true(combined.aborted, 'aborted at creation');
  assert_equals(combined.reason, 'pre');
  let fired = false;
  combined.onabort = () => { fired = true; };
  live.abort('later');
  assert_false(fired, 'no event for an already aborted dependent');
}, 'an aborted input anywhere in the list makes the result aborted at once');
