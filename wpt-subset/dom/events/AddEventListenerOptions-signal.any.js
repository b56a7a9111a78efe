// META: global=window,worker
// Derived from web-platform-tests dom/events/AddEventListenerOptions-signal.any.js (behaviour re-written for taskhost).
// DOM §2.7 "add an event listener": with a signal, the listener is not added if the signal is
// aborted, and aborting it later removes the listener.
'use strict';

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  let count = 0;
  target.addEventListener('test', () => count++, { signal: controller.signal });
  target.dispatchEvent(new Event('test'));
  target.dispatchEvent(new Event('test'));
  assert_equals(count, 2, 'called while the signal is not aborted');
  controller.abort();
  target.dispatchEvent(new Event('test'));
  assert_equals(count, 2, 'not called after abort');
}, 'Passing an AbortSignal to addEventListener options should allow removing a listener');

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  let count = 0;
  const listener = () => count++;
  target.addEventListener('test', listener, { signal: controller.signal });
  target.removeEventListener('test', listener);
  target.dispatchEvent(new Event('test'));
  assert_equals(count, 0, 'removed without aborting');
  controller.abort();
}, 'Passing an AbortSignal to addEventListener does not prevent removeEventListener');

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  let count = 0;
  target.addEventListener('test', () => count++, { signal: controller.signal, once: true });
  controller.abort();
  target.dispatchEvent(new Event('test'));
  assert_equals(count, 0, 'aborted before the once listener ran');
}, 'Passing an AbortSignal to addEventListener works with the once flag');

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  let count = 0;
  target.addEventListener('test', () => count++, { signal: controller.signal, once: true });
  target.dispatchEvent(new Event('test'));
  // The once listener is gone; aborting afterwards must not fail.
  controller.abort();
  target.dispatchEvent(new Event('test'));
  assert_equals(count, 1);
}, 'Removing a once listener works with a passed signal');

test(() => {
  const target = new EventTarget();
  const other = new EventTarget();
  const controller = new AbortController();
  const log = [];
  target.addEventListener('a', () => log.push('a'), { signal: controller.signal });
  target.addEventListener('b', () => log.push('b'), { signal: controller.signal });
  other.addEventListener('a', () => log.push('other a'), { signal: controller.signal });
  controller.abort();
  target.dispatchEvent(new Event('a'));
  target.dispatchEvent(new Event('b'));
  other.dispatchEvent(new Event('a'));
  assert_array_equals(log, []);
}, 'Passing an AbortSignal to multiple listeners');

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  const log = [];
  const listener = () => log.push('capture');
  target.addEventListener('test', listener, { signal: controller.signal, capture: true });
  controller.abort();
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, []);
}, 'Passing an AbortSignal to addEventListener works with the capture flag');

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  const log = [];
  target.addEventListener('test', () => {
    log.push('first');
    controller.abort();
  }, { signal: controller.signal });
  target.addEventListener('test', () => log.push('second'), { signal: controller.signal });
  target.addEventListener('test', () => log.push('third, no signal'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'third, no signal'],
    'removal during dispatch sets the removed flag: the second listener is skipped');
}, 'Aborting from a listener does not call future listeners');

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  const log = [];
  target.addEventListener('test', () => {
    target.addEventListener('test', () => log.push('added later'), { signal: controller.signal });
    controller.abort();
  });
  target.dispatchEvent(new Event('test'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, []);
}, 'Adding then aborting a listener in another listener does not call it');

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  const log = [];
  target.addEventListener('outer', () => {
    log.push('outer');
    target.dispatchEvent(new Event('inner'));
    target.dispatchEvent(new Event('inner'));
  });
  target.addEventListener('inner', () => {
    log.push('inner');
    controller.abort();
  }, { signal: controller.signal });
  target.dispatchEvent(new Event('outer'));
  assert_array_equals(log, ['outer', 'inner']);
}, 'Aborting from a nested listener should remove it');

test(() => {
  const target = new EventTarget();
  assert_throws_js(TypeError, () => target.addEventListener('test', () => {}, { signal: null }));
}, 'Passing null as the signal should throw');

test(() => {
  const target = new EventTarget();
  assert_throws_js(TypeError, () => target.addEventListener('test', null, { signal: null }));
}, 'Passing null as the signal should throw (listener is also null)');

test(() => {
  const target = new EventTarget();
  for (const signal of [{}, new EventTarget(), new AbortController(), 'signal', 0, false]) {
    assert_throws_js(TypeError,
      () => target.addEventListener('test', () => {}, { signal }), String(signal));
  }
  // An undefined member is absent.
  target.addEventListener('test', () => {}, { signal: undefined });
}, 'a signal that is not an AbortSignal is a TypeError');

test(() => {
  const target = new EventTarget();
  let count = 0;
  target.addEventListener('test', () => count++, { signal: AbortSignal.abort() });
  target.dispatchEvent(new Event('test'));
  assert_equals(count, 0);
}, 'an already aborted signal adds no listener');

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  const listener = () => {};
  target.addEventListener('test', listener, { signal: controller.signal });
  // The registration that holds the signal is the first one; aborting removes it, and the
  // same callback can then be added again.
  controller.abort();
  let count = 0;
  target.addEventListener('test', () => count++);
  target.addEventListener('test', listener);
  target.dispatchEvent(new Event('test'));
  assert_equals(count, 1);
}, 'after abort the same callback can be registered again');

test(() => {
  const target = new EventTarget();
  const controller = new AbortController();
  const log = [];
  target.addEventListener('test', () => log.push('dependent-signal listener'),
    { signal: AbortSignal.any([controller.signal]) });
  target.dispatchEvent(new Event('test'));
  controller.abort();
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['dependent-signal listener']);
}, 'a signal from AbortSignal.any() removes the listener when its source aborts');

async_test((t) => {
  const target = new EventTarget();
  const signal = AbortSignal.timeout(0);
  let count = 0;
  target.addEventListener('test', () => count++, { signal });
  target.dispatchEvent(new Event('test'));
  signal.addEventListener('abort', t.step_func_done(() => {
    target.dispatchEvent(new Event('test'));
    assert_equals(count, 1);
  }));
}, 'a signal from AbortSignal.timeout() removes the listener when it times out');
