// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-dispatch-handlers-changed.html (behaviour re-written for taskhost).
// DOM §2.9 "invoke": dispatch iterates over a clone of the target's listener list, so listeners
// added during dispatch are not called; "remove an event listener" sets the removed flag, so
// listeners removed during dispatch are not called.
'use strict';

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', () => {
    log.push('first');
    target.addEventListener('test', () => log.push('added during dispatch'));
  });
  target.addEventListener('test', () => log.push('second'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'second'], 'first dispatch');
  log.length = 0;
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'second', 'added during dispatch'], 'second dispatch');
}, 'Listeners added during dispatch are not called by that dispatch');

test(() => {
  const target = new EventTarget();
  const log = [];
  const second = () => log.push('second');
  target.addEventListener('test', () => {
    log.push('first');
    target.removeEventListener('test', second);
  });
  target.addEventListener('test', second);
  target.addEventListener('test', () => log.push('third'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'third']);
}, 'Listeners removed during dispatch are not called');

test(() => {
  const target = new EventTarget();
  const log = [];
  const second = () => log.push('second');
  let done = false;
  target.addEventListener('test', () => {
    log.push('first');
    if (!done) {
      done = true;
      target.removeEventListener('test', second);
      target.addEventListener('test', second);
    }
  });
  target.addEventListener('test', second);
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first'], 'the new registration is not in the cloned list');
  log.length = 0;
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'second']);
}, 'A listener removed and re-added during dispatch is not called by that dispatch');

test(() => {
  const target = new EventTarget();
  const log = [];
  const first = () => {
    log.push('first');
    target.removeEventListener('test', first);
  };
  target.addEventListener('test', first);
  target.addEventListener('test', () => log.push('second'));
  target.dispatchEvent(new Event('test'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'second', 'second']);
}, 'A listener can remove itself');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', (e) => {
    log.push('outer ' + e.detail);
    if (e.detail === 1) {
      target.addEventListener('test', (e2) => log.push('late ' + e2.detail));
      target.dispatchEvent(new CustomEvent('test', { detail: 2 }));
    }
  });
  target.dispatchEvent(new CustomEvent('test', { detail: 1 }));
  // The nested dispatch takes its own clone, which includes the listener added just before.
  assert_array_equals(log, ['outer 1', 'outer 2', 'late 2']);
}, 'A nested dispatch sees listeners added before it started');

test(() => {
  const target = new EventTarget();
  const log = [];
  const capture = () => log.push('capture');
  target.addEventListener('test', () => {
    log.push('bubble 1');
    target.addEventListener('test', capture, true);
  });
  target.addEventListener('test', () => log.push('bubble 2'));
  target.dispatchEvent(new Event('test'));
  // The clone is taken once per invoke; a capturing listener added during the bubbling pass
  // is not called by this dispatch.
  assert_array_equals(log, ['bubble 1', 'bubble 2']);
}, 'A capturing listener added in a non-capturing one is not called by that dispatch');
