// META: global=window,worker
// Derived from web-platform-tests dom/events/Event-dispatch-throwing.html (behaviour re-written for taskhost).
// DOM §2.9 "inner invoke": an exception thrown by a listener is reported (HTML "report an
// exception": an ErrorEvent fired at the global, synchronously) and dispatch goes on.
'use strict';

setup({ allow_uncaught_exception: true });

test(() => {
  const target = new EventTarget();
  const thrown = new Error('thrown by a listener');
  const log = [];
  const onError = (e) => {
    log.push('error event');
    assert_true(e instanceof ErrorEvent, 'an ErrorEvent');
    assert_equals(e.error, thrown, 'the thrown value');
    assert_equals(typeof e.message, 'string');
    e.preventDefault();
  };
  self.addEventListener('error', onError);
  target.addEventListener('test', () => {
    log.push('listener 1');
    throw thrown;
  });
  target.addEventListener('test', () => log.push('listener 2'));
  let result;
  try {
    result = target.dispatchEvent(new Event('test'));
  } finally {
    self.removeEventListener('error', onError);
  }
  assert_true(result, 'dispatchEvent() returns normally');
  assert_array_equals(log, ['listener 1', 'error event', 'listener 2']);
}, 'Throwing in event listener with multiple listeners');

test(() => {
  const target = new EventTarget();
  const errors = [];
  const onError = (e) => {
    errors.push(e.error);
    e.preventDefault();
  };
  self.addEventListener('error', onError);
  target.addEventListener('test', () => { throw 'a string'; });
  let returned = false;
  try {
    target.dispatchEvent(new Event('test'));
    returned = true;
  } finally {
    self.removeEventListener('error', onError);
  }
  assert_true(returned, 'nothing is thrown to the caller');
  assert_array_equals(errors, ['a string'], 'a primitive is reported as is');
}, 'Throwing in event listener with a single listener');

test(() => {
  const target = new EventTarget();
  const errors = [];
  const onError = (e) => {
    errors.push(e.error.message);
    e.preventDefault();
  };
  self.addEventListener('error', onError);
  target.addEventListener('test', () => { throw new Error('one'); });
  target.addEventListener('test', (e) => {
    e.preventDefault();
    throw new Error('two');
  });
  let result;
  try {
    result = target.dispatchEvent(new Event('test', { cancelable: true }));
  } finally {
    self.removeEventListener('error', onError);
  }
  assert_array_equals(errors, ['one', 'two'], 'each exception is reported');
  assert_false(result, 'preventDefault() before the throw still counts');
}, 'Each throwing listener is reported, and the event can still be canceled');

test(() => {
  const target = new EventTarget();
  const seen = [];
  const onError = (e) => {
    seen.push({ type: e.type, isTrusted: e.isTrusted, cancelable: e.cancelable,
      bubbles: e.bubbles, target: e.target });
    e.preventDefault();
  };
  self.addEventListener('error', onError);
  target.addEventListener('test', () => { throw new TypeError('x'); });
  try {
    target.dispatchEvent(new Event('test'));
  } finally {
    self.removeEventListener('error', onError);
  }
  assert_equals(seen.length, 1);
  assert_equals(seen[0].type, 'error');
  assert_true(seen[0].isTrusted, 'isTrusted');
  assert_true(seen[0].cancelable, 'cancelable');
  assert_false(seen[0].bubbles, 'bubbles');
  assert_equals(seen[0].target, self, 'fired at the global');
}, 'The error event for a listener exception is a trusted, cancelable ErrorEvent at the global');

test(() => {
  const target = new EventTarget();
  const log = [];
  const onError = (e) => {
    log.push('error');
    e.preventDefault();
  };
  self.addEventListener('error', onError);
  target.addEventListener('test', () => {
    log.push('once');
    throw new Error('once');
  }, { once: true });
  try {
    target.dispatchEvent(new Event('test'));
    target.dispatchEvent(new Event('test'));
  } finally {
    self.removeEventListener('error', onError);
  }
  assert_array_equals(log, ['once', 'error']);
}, 'A once listener that throws is removed too');
