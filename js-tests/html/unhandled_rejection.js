// unhandledrejection before the report (preventDefault suppresses it), rejectionhandled when a
// handler is attached later.
const reasons = [];
addEventListener('unhandledrejection', (e) => {
  console.log('unhandledrejection', e instanceof PromiseRejectionEvent, e.cancelable, e.reason, e.promise === p);
  e.preventDefault();
});
onrejectionhandled = (e) => console.log('rejectionhandled', e.reason, e.promise === p, e.cancelable);
const p = Promise.reject('boom');
setTimeout(() => {
  console.log('attaching a handler late');
  p.catch(() => console.log('caught late'));
});
// A promise handled before the checkpoint ends fires nothing.
Promise.reject('handled in time').catch(() => {});
// The constructor.
const e = new PromiseRejectionEvent('unhandledrejection', { promise: p, reason: 1 });
console.log(e.promise === p, e.reason, e.isTrusted);
try { new PromiseRejectionEvent('x', {}); } catch (err) { console.log(err.message); }
try { new PromiseRejectionEvent('x'); } catch (err) { console.log(err.message); }
