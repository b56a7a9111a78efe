// META: global=window,worker
// taskhost's own test (no upstream counterpart): event handler IDL attributes (HTML §8.1.8.1)
// on AbortSignal and the global: getter and setter, [LegacyTreatNonObjectAsNull], the this value
// and argument of the call, and the return value processing of the event handler processing
// algorithm (false cancels, except for onerror).
'use strict';

// The last subtest dispatches an error event at the global, which the harness would take for an
// uncaught exception.
setup({ allow_uncaught_exception: true });

test(() => {
  const signal = new AbortController().signal;
  assert_equals(signal.onabort, null, 'initially null');
  const f = () => {};
  signal.onabort = f;
  assert_equals(signal.onabort, f, 'returns the same function');
  const obj = { handleEvent() {} };
  signal.onabort = obj;
  assert_equals(signal.onabort, obj, 'a non-callable object is kept');
  for (const value of [1, 'f', true, undefined, Symbol('s')]) {
    signal.onabort = f;
    signal.onabort = value;
    assert_equals(signal.onabort, null, `${String(value)} becomes null`);
  }
}, 'onabort getter and setter');

test(() => {
  const signal = new AbortController().signal;
  let called = false;
  signal.onabort = { handleEvent() { called = true; } };
  let reported = 0;
  const onError = (e) => {
    reported++;
    e.preventDefault();
  };
  self.addEventListener('error', onError);
  try {
    signal.dispatchEvent(new Event('abort'));
  } finally {
    self.removeEventListener('error', onError);
  }
  assert_false(called, 'handleEvent is not used by event handlers');
  assert_equals(reported, 0, 'nothing is reported: the value is ignored');
}, 'A non-callable object as handler is ignored when the event fires');

test(() => {
  const controller = new AbortController();
  const signal = controller.signal;
  let seen = null;
  signal.onabort = function (...args) {
    seen = { thisValue: this, args };
  };
  controller.abort();
  assert_equals(seen.thisValue, signal, 'this is the event target');
  assert_equals(seen.args.length, 1, 'one argument');
  assert_equals(seen.args[0].type, 'abort', 'the event');
}, 'The handler is called with the event, and the target as this');

test(() => {
  const signal = new AbortController().signal;
  const results = [];
  for (const returned of [false, true, undefined, 0, '', null]) {
    signal.onabort = () => returned;
    const event = new Event('abort', { cancelable: true });
    signal.dispatchEvent(event);
    results.push(event.defaultPrevented);
  }
  assert_array_equals(results, [true, false, false, false, false, false],
    'only the value false cancels');
  signal.onabort = () => false;
  const notCancelable = new Event('abort');
  signal.dispatchEvent(notCancelable);
  assert_false(notCancelable.defaultPrevented, 'a non-cancelable event stays uncanceled');
}, 'Returning false from an event handler cancels a cancelable event');

test(() => {
  const desc = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'onabort');
  assert_equals(typeof desc.get, 'function');
  assert_equals(typeof desc.set, 'function');
  assert_true(desc.enumerable);
  assert_true(desc.configurable);
  assert_throws_js(TypeError, () => desc.get.call({}), 'brand check of the getter');
  assert_throws_js(TypeError, () => desc.set.call(new EventTarget(), null), 'brand check of the setter');
}, 'onabort is an accessor on AbortSignal.prototype');

test(() => {
  for (const name of ['onerror', 'onunhandledrejection', 'onrejectionhandled']) {
    assert_true(name in self, `${name} exists on the global`);
    const previous = self[name];
    const f = () => {};
    self[name] = f;
    assert_equals(self[name], f, `${name} keeps a function`);
    self[name] = 5;
    assert_equals(self[name], null, `${name}: a primitive becomes null`);
    self[name] = previous;
  }
}, 'Event handlers of the global');

test(() => {
  const previous = self.onerror;
  const log = [];
  self.onerror = (...args) => {
    log.push(args.length);
    return true;
  };
  // A script-created error event that is not an ErrorEvent calls onerror with the event only.
  const plain = new Event('error', { cancelable: true });
  try {
    self.dispatchEvent(plain);
  } finally {
    self.onerror = previous;
  }
  assert_array_equals(log, [1], 'one argument for a plain Event');
  assert_false(plain.defaultPrevented,
    'for a plain Event named error, the ordinary rule applies: true does not cancel');
}, 'onerror with an event that is not an ErrorEvent');
