// unhandledrejection before the report (preventDefault suppresses it), rejectionhandled when a
// handler is attached after that. (The event comes from a task queued by the checkpoint after
// the script, HTML "notify about rejected promises" step 4; the handler is attached by a timer
// set from that event's listener, so after it.)
addEventListener('unhandledrejection', (e) => {
  console.log('unhandledrejection', e instanceof PromiseRejectionEvent, e.cancelable, e.reason, e.promise === p);
  e.preventDefault();
  setTimeout(() => {
    console.log('attaching a handler late');
    p.catch(() => console.log('caught late'));
  });
});
onrejectionhandled = (e) => console.log('rejectionhandled', e.reason, e.promise === p, e.cancelable);
const p = Promise.reject('boom');
// A promise handled before the checkpoint ends fires nothing.
Promise.reject('handled in time').catch(() => {});
// The constructor.
const e = new PromiseRejectionEvent('unhandledrejection', { promise: p, reason: 1 });
console.log(e.promise === p, e.reason, e.isTrusted);
try { new PromiseRejectionEvent('x', {}); } catch (err) { console.log(err.message); }
try { new PromiseRejectionEvent('x'); } catch (err) { console.log(err.message); }
