// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-cancelBubble.any.js and
// Event-stopImmediatePropagation.any.js (behaviour re-written for taskhost).
// DOM §2.2: stopPropagation(), the legacy cancelBubble, stopImmediatePropagation(); §2.9: the
// flags are honoured by "invoke"/"inner invoke" and cleared at the end of dispatch.
'use strict';

test(() => {
  const event = new Event('test');
  assert_false(event.cancelBubble, 'initially false');
  event.cancelBubble = true;
  assert_true(event.cancelBubble, 'setting true sets the stop propagation flag');
  event.cancelBubble = false;
  assert_true(event.cancelBubble, 'setting false does not clear it');
}, 'cancelBubble setter sets the flag only when set to true');

test(() => {
  const a = new Event('test');
  a.stopPropagation();
  assert_true(a.cancelBubble, 'stopPropagation()');
  const b = new Event('test');
  b.stopImmediatePropagation();
  assert_true(b.cancelBubble, 'stopImmediatePropagation() also sets the stop propagation flag');
}, 'stopPropagation() and stopImmediatePropagation() set cancelBubble');

test(() => {
  const target = new EventTarget();
  let called = false;
  target.addEventListener('test', () => { called = true; });
  for (const stop of [(e) => { e.cancelBubble = true; }, (e) => e.stopPropagation(),
    (e) => e.stopImmediatePropagation()]) {
    const event = new Event('test');
    stop(event);
    assert_true(target.dispatchEvent(event), 'dispatch returns true');
    assert_false(called, 'no listener called');
    assert_false(event.cancelBubble, 'the flag is cleared at the end of dispatch');
    assert_equals(event.target, target, 'the target is still set');
  }
}, 'An event whose propagation was stopped before dispatch reaches no listener');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', () => log.push('first'));
  target.addEventListener('test', (e) => {
    log.push('second');
    e.stopImmediatePropagation();
    log.push('cancelBubble ' + e.cancelBubble);
  });
  target.addEventListener('test', () => log.push('third'));
  const event = new Event('test');
  target.dispatchEvent(event);
  assert_array_equals(log, ['first', 'second', 'cancelBubble true']);
  log.length = 0;
  target.dispatchEvent(event);
  assert_array_equals(log, ['first', 'second', 'cancelBubble true'],
    'the flags were cleared, so a second dispatch reaches the listeners again');
}, 'stopImmediatePropagation() prevents the following listeners of the same target');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', (e) => {
    e.cancelBubble = true;
    log.push('first');
  });
  target.addEventListener('test', () => log.push('second'));
  target.dispatchEvent(new Event('test'));
  assert_array_equals(log, ['first', 'second'],
    'the stop propagation flag does not stop the listeners of the current target');
}, 'cancelBubble = true in a listener does not stop the current target');

test(() => {
  const event = new Event('test');
  event.stopPropagation();
  event.initEvent('test');
  assert_false(event.cancelBubble, 'initEvent() clears the stop propagation flag');
  const other = new Event('test');
  other.stopImmediatePropagation();
  other.initEvent('test');
  const target = new EventTarget();
  let called = false;
  target.addEventListener('test', () => { called = true; });
  target.dispatchEvent(other);
  assert_true(called, 'initEvent() clears the stop immediate propagation flag');
}, 'initEvent() clears the propagation flags');
