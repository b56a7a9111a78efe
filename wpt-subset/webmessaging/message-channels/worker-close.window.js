// Derived from web-platform-tests webmessaging/message-channels/worker.any.js and
// worker-post-after-close.any.js (behaviour re-written for taskhost; upstream builds the worker
// from a blob: URL, which taskhost does not load, so the worker scripts are files in resources/).
// HTML §10.2.4 close(): a worker that called close() still finishes its running task —
// MessageChannel can be created and used there — but once its event loop has been told to
// discard its tasks, no message of such a channel is delivered to it.
'use strict';

async_test((t) => {
  const worker = new Worker('resources/close-then-channel.js');
  worker.onerror = t.unreached_func('an error in the worker');
  worker.onmessage = t.step_func_done((e) => {
    assert_equals(e.data, 'channel used', 'the rest of the task ran after close()');
  });
}, 'a MessageChannel created and used after a worker called close() does not throw');

async_test((t) => {
  const worker = new Worker('resources/close-then-listen.js');
  worker.onerror = t.unreached_func('an error in the worker');
  const seen = [];
  worker.onmessage = t.step_func((e) => {
    seen.push(e.data);
    if (e.data === 'posted') {
      // Long enough for the channel's message to be delivered, had the worker gone on.
      t.step_timeout(() => {
        assert_array_equals(seen, ['posted'], 'no message event inside the closed worker');
        t.done();
      }, 100);
    }
  });
  worker.postMessage('go');
}, 'a port of a worker that called close() receives no message afterwards');
