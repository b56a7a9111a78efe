// Derived from web-platform-tests workers/dedicated-worker-from-blob-url.window.js,
// webmessaging/message-channels/worker.any.js and hr-time/timeOrigin.html (behaviour re-written
// for taskhost). File API §8.3: a worker started from a blob: URL runs the Blob's text; the URL
// is resolved when the constructor parses it, so revoking it afterwards does not affect the
// worker, and a worker started from a revoked URL fails to load (an `error` event).
'use strict';

function nextMessage(worker) {
  return new Promise((resolve, reject) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = () => reject(new Error('the worker failed to load'));
  });
}

function scriptURL(source) {
  return URL.createObjectURL(new Blob([source], {type: 'text/javascript'}));
}

promise_test(async (t) => {
  const url = scriptURL('postMessage([location.href, location.protocol, self.name]);');
  const worker = new Worker(url, {name: 'from-blob'});
  t.add_cleanup(() => worker.terminate());
  const [href, protocol, name] = await nextMessage(worker);
  assert_equals(href, url, "the worker's location is its blob: URL");
  assert_equals(protocol, 'blob:');
  assert_equals(name, 'from-blob');
}, 'a dedicated worker runs the text of the Blob its blob: URL names');

promise_test(async (t) => {
  const url = scriptURL('postMessage("still runs");');
  const worker = new Worker(url);
  URL.revokeObjectURL(url);
  t.add_cleanup(() => worker.terminate());
  assert_equals(await nextMessage(worker), 'still runs');
}, 'revoking the URL right after the constructor does not affect the worker');

promise_test(async (t) => {
  const url = scriptURL('postMessage("never");');
  URL.revokeObjectURL(url);
  const worker = new Worker(url);
  t.add_cleanup(() => worker.terminate());
  const event = await new Promise((resolve) => {
    worker.onerror = resolve;
    worker.onmessage = t.unreached_func('a revoked URL names no script');
  });
  assert_equals(event.type, 'error');
}, 'a worker started from a revoked blob: URL fails to load');

promise_test(async (t) => {
  // The window's URL, resolved by a worker it started (the store is the user agent's).
  const inner = scriptURL('postMessage(40 + 2);');
  const outer = scriptURL(
      'onmessage = (e) => { const w = new Worker(e.data); w.onmessage = (m) => postMessage(m.data); };');
  const worker = new Worker(outer);
  t.add_cleanup(() => worker.terminate());
  worker.postMessage(inner);
  assert_equals(await nextMessage(worker), 42);
}, "a worker starts a worker from a blob: URL its creator made");

promise_test(async (t) => {
  // A MessageChannel made and used after the worker's close(): its messages are not delivered,
  // but the script still runs to its end.
  const url = scriptURL(
      'close(); const mc = new MessageChannel(); mc.port1.postMessage(1); postMessage(true);');
  const worker = new Worker(url);
  assert_true(await nextMessage(worker));
}, 'a blob worker that closes itself still runs its script to the end');

promise_test(async (t) => {
  const url = scriptURL('postMessage(performance.timeOrigin);');
  const worker = new Worker(url);
  t.add_cleanup(() => worker.terminate());
  const origin = await nextMessage(worker);
  assert_greater_than(origin, performance.timeOrigin, "the worker's time origin is later");
  assert_less_than(origin - performance.timeOrigin, 5000, 'and close to the window\'s');
}, "a blob worker's time origin is when it was created");
