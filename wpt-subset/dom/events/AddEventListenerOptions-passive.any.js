// META: global=window,worker
// Derived from web-platform-tests dom/events/AddEventListenerOptions-passive.any.js (behaviour re-written for taskhost).
// DOM §2.7 addEventListener() `passive`; §2.2 "set the canceled flag" ignores a call made from
// a passive listener ("in passive listener flag").
'use strict';

test(() => {
  const addRead = [];
  const addOptions = {};
  for (const name of ['signal', 'passive', 'once', 'capture']) {
    Object.defineProperty(addOptions, name, { get() { addRead.push(name); return undefined; } });
  }
  const target = new EventTarget();
  const listener = () => {};
  target.addEventListener('test', listener, addOptions);
  assert_array_equals(addRead, ['capture', 'once', 'passive', 'signal'],
    'addEventListener reads every member, base dictionary first');

  const removeRead = [];
  const removeOptions = {};
  for (const name of ['signal', 'passive', 'once', 'capture']) {
    Object.defineProperty(removeOptions, name, { get() { removeRead.push(name); return undefined; } });
  }
  target.removeEventListener('test', listener, removeOptions);
  assert_array_equals(removeRead, ['capture'], 'removeEventListener reads capture only');
}, 'Supports passive option on addEventListener only');

function preventedWith(options) {
  const target = new EventTarget();
  let seenInside = null;
  target.addEventListener('test', (e) => {
    e.preventDefault();
    seenInside = e.defaultPrevented;
  }, options);
  const event = new Event('test', { cancelable: true });
  const result = target.dispatchEvent(event);
  return { inside: seenInside, after: event.defaultPrevented, result };
}

test(() => {
  for (const [options, expected] of [
    [undefined, true], [false, true], [{}, true], [{ passive: false }, true],
    [{ passive: undefined }, true], [{ passive: true }, false], [{ passive: 1 }, false],
  ]) {
    const label = JSON.stringify(options);
    const got = preventedWith(options);
    assert_equals(got.inside, expected, `defaultPrevented inside the listener, options ${label}`);
    assert_equals(got.after, expected, `defaultPrevented after dispatch, options ${label}`);
    assert_equals(got.result, !expected, `dispatchEvent() result, options ${label}`);
  }
}, 'preventDefault should be ignored if-and-only-if the passive option is true');

test(() => {
  for (const [passive, expected] of [[false, false], [true, true]]) {
    const target = new EventTarget();
    let inside = null;
    target.addEventListener('test', (e) => {
      e.returnValue = false;
      inside = e.returnValue;
    }, { passive });
    const event = new Event('test', { cancelable: true });
    target.dispatchEvent(event);
    assert_equals(inside, expected, `returnValue inside a listener with passive ${passive}`);
    assert_equals(event.defaultPrevented, !expected, `defaultPrevented with passive ${passive}`);
  }
}, 'returnValue should be ignored if-and-only-if the passive option is true');

test(() => {
  const target = new EventTarget();
  const log = [];
  target.addEventListener('test', (e) => {
    e.preventDefault();
    log.push('passive: ' + e.defaultPrevented);
  }, { passive: true });
  target.addEventListener('test', (e) => {
    log.push('before: ' + e.defaultPrevented);
    e.preventDefault();
    log.push('after: ' + e.defaultPrevented);
  });
  target.addEventListener('test', (e) => {
    // A passive listener after the cancel still sees it.
    log.push('later passive: ' + e.defaultPrevented);
  }, { passive: true });
  const result = target.dispatchEvent(new Event('test', { cancelable: true }));
  assert_array_equals(log, ['passive: false', 'before: false', 'after: true', 'later passive: true']);
  assert_false(result, 'canceled by the non-passive listener');
}, 'passive behavior of one listener should be unaffected by the presence of other listeners');

test(() => {
  // passive is not part of the listener key: adding the same callback with another passive
  // value is a duplicate, and the first registration's value is kept.
  const target = new EventTarget();
  let calls = 0;
  const listener = (e) => {
    calls++;
    e.preventDefault();
  };
  target.addEventListener('test', listener, { passive: true });
  target.addEventListener('test', listener, { passive: false });
  const event = new Event('test', { cancelable: true });
  target.dispatchEvent(event);
  assert_equals(calls, 1, 'one registration');
  assert_false(event.defaultPrevented, 'the first (passive) registration is the one kept');
  // And removal does not care about passive.
  target.removeEventListener('test', listener);
  target.dispatchEvent(new Event('test'));
  assert_equals(calls, 1, 'removed');
}, 'Equivalence of option values');

test(() => {
  const target = new EventTarget();
  let passiveInside = null;
  target.addEventListener('test', (e) => {
    e.preventDefault();
  }, { passive: true });
  target.addEventListener('test', (e) => {
    passiveInside = e.defaultPrevented;
  });
  const event = new Event('test', { cancelable: true });
  target.dispatchEvent(event);
  // The "in passive listener" flag is cleared after the passive listener returns.
  event.preventDefault();
  assert_false(passiveInside, 'not canceled by the passive listener');
  assert_true(event.defaultPrevented, 'preventDefault() outside dispatch still works');
}, 'the passive flag applies only while the passive listener runs');
