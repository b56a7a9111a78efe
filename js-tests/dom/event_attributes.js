// Event: attributes, constants, flags, initEvent, composedPath, isTrusted, brand checks.
const e = new Event('hello', { bubbles: true, cancelable: true, composed: true });
console.log(e.type, e.bubbles, e.cancelable, e.composed, e.eventPhase, e.target, e.currentTarget, e.srcElement);
console.log(e.defaultPrevented, e.returnValue, e.cancelBubble, e.isTrusted, typeof e.timeStamp, e.timeStamp >= 0);
console.log(Event.NONE, Event.CAPTURING_PHASE, Event.AT_TARGET, Event.BUBBLING_PHASE, e.AT_TARGET);
console.log(JSON.stringify(e.composedPath()));
const d = new Event('plain');
console.log(d.bubbles, d.cancelable, d.composed);
// preventDefault only for cancelable events; returnValue = false is the legacy spelling.
d.preventDefault();
console.log('non-cancelable preventDefault ->', d.defaultPrevented);
e.returnValue = false;
console.log('returnValue=false ->', e.defaultPrevented, e.returnValue);
// cancelBubble = true sets the stop propagation flag; false does not clear it.
const t = new EventTarget();
t.addEventListener('cb', () => console.log('must not run'));
const cb = new Event('cb');
cb.cancelBubble = true;
cb.cancelBubble = false;
console.log('cancelBubble', cb.cancelBubble, 'dispatch ->', t.dispatchEvent(cb));
console.log('after dispatch the flag is cleared:', cb.cancelBubble);
// During dispatch: currentTarget, composedPath, eventPhase.
t.addEventListener('p', (ev) => {
  console.log('in listener', ev.eventPhase, ev.currentTarget === t, ev.composedPath().length, ev.composedPath()[0] === t);
  // initEvent during dispatch does nothing.
  ev.initEvent('changed', false, false);
  console.log('initEvent during dispatch ignored:', ev.type);
});
const p = new Event('p');
t.dispatchEvent(p);
console.log('after', p.eventPhase, p.currentTarget, p.composedPath().length, p.target === t);
// initEvent resets flags and the target.
p.preventDefault();
p.initEvent('again', true, true);
console.log(p.type, p.bubbles, p.cancelable, p.defaultPrevented, p.target);
// isTrusted: an own, unforgeable accessor; false for script-created events, true for fired ones.
const desc = Object.getOwnPropertyDescriptor(p, 'isTrusted');
console.log(typeof desc.get, desc.configurable, desc.enumerable, p.isTrusted);
const c = new AbortController();
c.signal.onabort = (ev) => console.log('fired event isTrusted', ev.isTrusted, ev instanceof Event, ev.bubbles, ev.cancelable);
c.abort();
// Subclassing Event from JS.
class Custom extends Event { constructor() { super('custom', { cancelable: true }); this.extra = 1; } }
const ce = new Custom();
console.log(ce instanceof Event, ce.type, ce.cancelable, ce.extra, Object.prototype.toString.call(ce));
// CustomEvent.
const cu = new CustomEvent('cu', { detail: { n: 1 } });
console.log(cu.detail.n, new CustomEvent('x').detail, cu instanceof Event, Object.getPrototypeOf(CustomEvent) === Event);
cu.initCustomEvent('cu2', true, false, 'd');
console.log(cu.type, cu.bubbles, cu.detail);
// EventInit members are read in order, and a non-object init is a TypeError.
const read = [];
new Event('x', { get composed() { read.push('composed'); }, get bubbles() { read.push('bubbles'); }, get cancelable() { read.push('cancelable'); } });
console.log(read.join(','));
for (const thunk of [
  () => new Event(),
  () => new Event('x', 5),
  () => Event('x'),
  () => Object.getOwnPropertyDescriptor(Event.prototype, 'type').get.call({}),
  () => Event.prototype.preventDefault.call(new EventTarget()),
  () => CustomEvent.prototype.initCustomEvent.call(new Event('x'), 'y'),
]) {
  try { thunk(); console.log('no error'); } catch (err) { console.log(err.constructor.name + ': ' + err.message); }
}
console.log(Object.prototype.toString.call(new Event('x')), String(Event.prototype[Symbol.toStringTag]));
