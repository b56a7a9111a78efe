// META: global=window,worker
// Derived from web-platform-tests dom/events/AddEventListenerOptions-once.any.js (behaviour re-written for taskhost).
// DOM §2.7 addEventListener() `once`, and §2.9 "inner invoke" (a once listener is removed
// before it is called).
'use strict';

test(() => {
  const target = new EventTarget();
  let onceCalls = 0;
  let normalCalls = 0;
  target.addEventListener('test', () => onceCalls++, { once: true });
  target.addEventListener('test', () => normalCalls++, { once: false });
  for (let i = 0; i < 3; i++) {
    target.dispatchEvent(new Event('test'));
  }
  assert_equals(onceCalls, 1, 'once listener');
  assert_equals(normalCalls, 3, 'ordinary listener');
}, 'Once listener should be invoked only once');

test(() => {
  const target = new EventTarget();
  let depth = 0;
  let calls = 0;
  target.addEventListener('test', () => {
    calls++;
    if (depth++ < 3) {
      // The listener was removed before it was called, so the nested dispatch misses it.
      target.dispatchEvent(new Event('test'));
    }
  }, { once: true });
  target.dispatchEvent(new Event('test'));
  assert_equals(calls, 1);
}, 'Once listener should be invoked only once even if the event is nested');

test(() => {
  const target = new EventTarget();
  const log = [];
  const listener = () => log.push('called');
  // Same key (type, callback, capture): the second registration is ignored.
  target.addEventListener('test', listener, { once: true });
  target.addEventListener('test', listener, { once: true });
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['called'], 'registered once, called once');

  // A once listener can be removed before it runs, like any listener.
  target.addEventListener('test', listener, { once: true });
  target.removeEventListener('test', listener);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['called'], 'removed before dispatch');

  // After it ran, it can be added again.
  target.addEventListener('test', listener, { once: true });
  target.dispatchEvent(new Event('test'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['called', 'called'], 're-added after it ran');
}, 'Once listener should be added / removed like normal listeners');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', (e) => {
    log.push('first');
    e.stopImmediatePropagation();
  }, { once: true });
  target.addEventListener('test', () => log.push('second'), { once: true });
  target.addEventListener('test', () => log.push('third'), { once: true });
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first'], 'the first dispatch stops after the first listener');
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'second', 'third'],
    'the listeners that were skipped are still registered');
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'second', 'third']);
}, 'Multiple once listeners should be invoked even if the stopImmediatePropagation is set');

test(() => {
  const target = new EventTarget();
  const log = [];
  const listener = { handleEvent(e) { log.push(e.type); } };
  target.addEventListener('test', listener, { once: true });
  target.dispatchEvent(new Event('test'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['test']);
}, 'once works with handleEvent objects');

test(() => {
  const target = new EventTarget();
  let calls = 0;
  // once is read with ToBoolean from the options dictionary.
  target.addEventListener('test', () => calls++, { once: 'yes' });
  target.dispatchEvent(new Event('test'));
  target.dispatchEvent(new Event('test'));
  assert_equals(calls, 1);
}, 'once is converted with ToBoolean');
