// AbortController / AbortSignal: reasons, algorithms before the event, throwIfAborted, abort().
const c = new AbortController();
const s = c.signal;
console.log(s instanceof AbortSignal, s instanceof EventTarget, c.signal === s, s.aborted, s.reason);
console.log(Object.getPrototypeOf(AbortSignal) === EventTarget, AbortSignal.prototype.__proto__ === EventTarget.prototype);
s.throwIfAborted();
let events = 0;
s.addEventListener('abort', (e) => {
  events++;
  console.log('abort event', e.type, e.target === s, s.aborted, s.reason.name, s.reason.message);
});
c.abort();
c.abort(); // a second abort does nothing
console.log('events', events, s.reason instanceof DOMException, s.reason.code === DOMException.ABORT_ERR);
try { s.throwIfAborted(); } catch (e) { console.log('throwIfAborted threw the reason:', e === s.reason); }
// The reason is kept by identity.
const reason = { why: 'custom' };
const c2 = new AbortController();
c2.abort(reason);
console.log('identity', c2.signal.reason === reason);
try { c2.signal.throwIfAborted(); } catch (e) { console.log('thrown identity', e === reason); }
// abort(undefined) is the default reason; abort(null) keeps null.
const c3 = new AbortController();
c3.abort(undefined);
console.log(c3.signal.reason.name);
const c4 = new AbortController();
c4.abort(null);
console.log(c4.signal.reason, c4.signal.aborted);
// AbortSignal.abort().
const a = AbortSignal.abort();
console.log(a.aborted, a.reason.name, AbortSignal.abort('r').reason);
// Listeners added after abort are not called (the event fired once).
a.addEventListener('abort', () => console.log('must not run'));
// Subclassing AbortController.
class MyController extends AbortController {}
const mc = new MyController();
console.log(mc instanceof AbortController, mc.signal instanceof AbortSignal);
mc.abort('sub');
console.log(mc.signal.reason);
// Errors.
for (const thunk of [
  () => new AbortSignal(),
  () => AbortController(),
  () => AbortController.prototype.abort.call({}),
  () => Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted').get.call(new EventTarget()),
  () => AbortSignal.prototype.throwIfAborted.call(new AbortController()),
]) {
  try { thunk(); console.log('no error'); } catch (err) { console.log(err.constructor.name + ': ' + err.message); }
}
