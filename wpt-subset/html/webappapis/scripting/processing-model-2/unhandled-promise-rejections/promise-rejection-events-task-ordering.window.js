// Derived from web-platform-tests html/webappapis/scripting/processing-model-2/unhandled-promise-rejections/promise-rejection-events.html
// (its support/promise-rejection-events.js; behaviour re-written for taskhost). HTML §8.1.5.7:
// "notify about rejected promises" is a task on the DOM manipulation task source queued at the
// microtask checkpoint, and rejectionhandled is fired from a queued task. Tasks of that source
// are queued here with <details> toggle events; microtasks with a MutationObserver.
'use strict';
setup({ allow_uncaught_exception: true });

function queueDomTask(f) {
  const details = document.createElement('details');
  details.ontoggle = () => f();
  details.open = true;
}

function observerMicrotask(f) {
  const node = document.createTextNode('');
  new MutationObserver(() => f()).observe(node, { characterData: true });
  node.data = 'changed';
}

function listen(t, type, f) {
  addEventListener(type, f);
  t.add_cleanup(() => removeEventListener(type, f));
}

async_test((t) => {
  const seen = [];
  const first = Promise.reject(new Error('1'));
  let second;
  queueDomTask(() => {
    second = Promise.reject(new Error('2'));
    queueDomTask(t.step_func(() => seen.push('task')));
  });
  listen(t, 'unhandledrejection', t.step_func((e) => {
    if (e.promise !== first && e.promise !== second) return;
    e.preventDefault();
    seen.push(e.promise === first ? 'first' : 'second');
    if (seen.length === 3) {
      assert_array_equals(seen, ['first', 'task', 'second']);
      t.done();
    }
  }));
}, 'a task queued before the notification task runs before it; one queued in a later task, after');

async_test((t) => {
  const seen = [];
  const p = Promise.reject(new Error('late'));
  listen(t, 'unhandledrejection', t.step_func((e) => {
    if (e.promise !== p) return;
    e.preventDefault();
    seen.push('unhandled');
    t.step_timeout(() => {
      queueDomTask(() => seen.push('task before catch'));
      p.catch(() => seen.push('catch'));
      queueDomTask(t.step_func(() => {
        seen.push('task after catch');
        assert_array_equals(seen, ['unhandled', 'after catch', 'catch', 'task before catch', 'handled', 'task after catch']);
        t.done();
      }));
      seen.push('after catch');
    }, 0);
  }));
  listen(t, 'rejectionhandled', t.step_func((e) => {
    if (e.promise === p) seen.push('handled');
  }));
}, 'rejectionhandled is fired from a queued task');

async_test((t) => {
  const p = Promise.reject(new Error('handled in a microtask'));
  listen(t, 'unhandledrejection', t.step_func((e) => {
    if (e.promise === p) assert_unreached('the handler came in time');
  }));
  observerMicrotask(() => Promise.resolve().then(() => observerMicrotask(() => p.catch(() => {}))));
  t.step_timeout(() => t.done(), 10);
}, 'a handler attached in nested observer and promise microtasks is in time');
