// META: global=window,worker
// Derived from web-platform-tests html/webappapis/scripting/processing-model-2/unhandled-promise-rejections/promise-rejection-events.js
// (behaviour re-written for taskhost).
// HTML §8.1.5.7 HostPromiseRejectionTracker and "notify about rejected promises": a promise
// still unhandled at the end of a microtask checkpoint gets an `unhandledrejection`
// PromiseRejectionEvent at the global; handling it afterwards fires `rejectionhandled`.
// promise_test bodies run one after the other, so the listeners of two subtests never overlap.
'use strict';

setup({ allow_uncaught_exception: true });

function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Promises rejected only to learn when the user agent has notified about the promises rejected
// before them; the recorders below ignore them.
const markers = new WeakSet();

// Resolves once the user agent has looked at every promise rejected before the call, or by a
// job already queued: "notify about rejected promises" (HTML §8.1.5.7) handles its list in the
// order of rejection, and its tasks run in the order they were queued, so the unhandledrejection
// event of a promise rejected by a microtask queued now comes after theirs. (Waiting a fixed
// number of tasks would assume an order between the notification task and timers that HTML
// leaves to the user agent.)
function afterNotification() {
  return new Promise((resolve) => {
    let marker;
    queueMicrotask(() => {
      marker = Promise.reject(new Error('marker'));
      markers.add(marker);
    });
    const listener = (e) => {
      if (marker === undefined || e.promise !== marker)
        return;
      e.preventDefault();
      self.removeEventListener('unhandledrejection', listener);
      resolve();
    };
    self.addEventListener('unhandledrejection', listener);
  });
}

// Records the unhandledrejection and rejectionhandled events for the test's duration.
function recordRejectionEvents(t) {
  const events = [];
  const record = (e) => {
    if (markers.has(e.promise))
      return;
    events.push(e);
    if (e.type === 'unhandledrejection') {
      e.preventDefault();
    }
  };
  self.addEventListener('unhandledrejection', record);
  self.addEventListener('rejectionhandled', record);
  t.add_cleanup(() => {
    self.removeEventListener('unhandledrejection', record);
    self.removeEventListener('rejectionhandled', record);
  });
  return events;
}

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  const reason = new Error('rejected');
  const p = Promise.reject(reason);
  await afterNotification();
  assert_equals(events.length, 1, 'one event');
  const e = events[0];
  assert_equals(e.type, 'unhandledrejection');
  assert_true(e instanceof PromiseRejectionEvent, 'a PromiseRejectionEvent');
  assert_equals(e.promise, p, 'promise');
  assert_equals(e.reason, reason, 'reason');
  assert_true(e.isTrusted, 'isTrusted');
  assert_true(e.cancelable, 'cancelable');
  assert_false(e.bubbles, 'bubbles');
  assert_equals(e.target, self, 'fired at the global');
}, 'unhandledrejection: from Promise.reject');

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  const reason = 'async reason';
  const p = (async () => { throw reason; })();
  await afterNotification();
  assert_equals(events.length, 1);
  assert_equals(events[0].promise, p);
  assert_equals(events[0].reason, reason);
}, 'unhandledrejection: from an async function that throws');

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  let reject;
  const p = new Promise((_, r) => { reject = r; });
  const reason = { rejected: 'later' };
  setTimeout(() => reject(reason), 0);
  await nextTask();
  await afterNotification();
  assert_equals(events.length, 1);
  assert_equals(events[0].promise, p);
  assert_equals(events[0].reason, reason);
}, 'unhandledrejection: from a rejection in a later task');

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  const p = Promise.reject(new Error('handled at once'));
  p.catch(() => {});
  await afterNotification();
  assert_equals(events.length, 0);
}, 'no unhandledrejection when a handler is attached synchronously');

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  const p = Promise.reject(new Error('handled in a microtask'));
  queueMicrotask(() => {
    queueMicrotask(() => p.catch(() => {}));
  });
  await afterNotification();
  assert_equals(events.length, 0);
}, 'no unhandledrejection when a handler is attached in a later microtask of the same checkpoint');

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  const log = [];
  const onUnhandled = (e) => { if (!markers.has(e.promise)) log.push('unhandledrejection'); };
  self.addEventListener('unhandledrejection', onUnhandled);
  t.add_cleanup(() => self.removeEventListener('unhandledrejection', onUnhandled));
  Promise.reject(new Error('x'));
  queueMicrotask(() => {
    log.push('microtask');
    queueMicrotask(() => log.push('nested microtask'));
  });
  await afterNotification();
  assert_array_equals(log, ['microtask', 'nested microtask', 'unhandledrejection']);
  assert_equals(events.length, 1);
}, 'unhandledrejection is fired after the microtasks of the checkpoint');

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  const reasons = ['first', 'second', 'third'];
  const promises = reasons.map((r) => Promise.reject(r));
  await afterNotification();
  assert_array_equals(events.map((e) => e.reason), reasons, 'in the order of rejection');
  assert_array_equals(events.map((e) => e.promise), promises);
}, 'several unhandled rejections are reported in order');

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  const reason = new Error('handled late');
  const p = Promise.reject(reason);
  await afterNotification();
  assert_array_equals(events.map((e) => e.type), ['unhandledrejection']);
  // Wait for the event itself: its task (DOM manipulation task source) may come after any
  // number of timer tasks, an order HTML leaves to the user agent.
  const fired = new Promise((resolve) => {
    const listener = (e) => {
      if (e.promise !== p)
        return;
      self.removeEventListener('rejectionhandled', listener);
      resolve();
    };
    self.addEventListener('rejectionhandled', listener);
  });
  p.catch(() => {});
  await fired;
  assert_array_equals(events.map((e) => e.type), ['unhandledrejection', 'rejectionhandled']);
  const handled = events[1];
  assert_true(handled instanceof PromiseRejectionEvent);
  assert_equals(handled.promise, p, 'promise');
  assert_equals(handled.reason, reason, 'reason');
  assert_true(handled.isTrusted, 'isTrusted');
  assert_false(handled.cancelable, 'rejectionhandled is not cancelable');
}, 'rejectionhandled: fired when a handler is attached after unhandledrejection');

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  const p = Promise.reject(new Error('handled from the listener'));
  const log = [];
  const onUnhandled = (e) => {
    if (e.promise === p) {
      log.push('unhandledrejection');
      p.catch(() => {});
      log.push('handler attached');
    }
  };
  const onHandled = (e) => {
    if (e.promise === p) {
      log.push('rejectionhandled');
    }
  };
  self.addEventListener('unhandledrejection', onUnhandled);
  self.addEventListener('rejectionhandled', onHandled);
  t.add_cleanup(() => {
    self.removeEventListener('unhandledrejection', onUnhandled);
    self.removeEventListener('rejectionhandled', onHandled);
  });
  await afterNotification();
  await nextTask();
  await nextTask();
  // "notify about rejected promises" adds p to the outstanding rejected promises weak set only
  // if it is still unhandled after the event; a promise that is not in the set gets no
  // rejectionhandled event when it is handled.
  assert_array_equals(log, ['unhandledrejection', 'handler attached']);
  assert_equals(events.length, 1, 'no rejectionhandled');
}, 'rejectionhandled: not fired for a handler attached by the unhandledrejection listener');

promise_test(async (t) => {
  const log = [];
  const previous = self.onunhandledrejection;
  t.add_cleanup(() => { self.onunhandledrejection = previous; });
  const p = Promise.reject('for the handler');
  self.onunhandledrejection = (e) => {
    if (markers.has(e.promise))
      return;
    log.push([e.promise === p, e.reason]);
    e.preventDefault();
  };
  await afterNotification();
  assert_equals(log.length, 1);
  assert_array_equals(log[0], [true, 'for the handler']);
}, 'onunhandledrejection receives the event');

promise_test(async (t) => {
  const events = recordRejectionEvents(t);
  const p = Promise.reject(new Error('chained'));
  const derived = p.then(() => 'never');
  await afterNotification();
  // p has a handler (then), so only the derived promise is unhandled.
  assert_equals(events.length, 1);
  assert_equals(events[0].promise, derived);
}, 'a rejection passed down a then() chain is reported for the last promise');
