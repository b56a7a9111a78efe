// once, signal and passive options.
const t = new EventTarget();
let n = 0;
t.addEventListener('x', () => n++, { once: true });
t.dispatchEvent(new Event('x'));
t.dispatchEvent(new Event('x'));
console.log('once ran', n, 'time(s)');

// A once listener that re-dispatches from inside itself does not run twice.
let inner = 0;
t.addEventListener('re', () => { inner++; t.dispatchEvent(new Event('re')); }, { once: true });
t.dispatchEvent(new Event('re'));
console.log('re-entrant once ran', inner, 'time(s)');

// signal: aborting removes the listener.
const c = new AbortController();
t.addEventListener('y', () => console.log('y (before abort)'), { signal: c.signal });
t.dispatchEvent(new Event('y'));
c.abort();
t.dispatchEvent(new Event('y'));
console.log('after abort: nothing above');

// An already-aborted signal adds nothing.
t.addEventListener('y', () => console.log('must not run'), { signal: AbortSignal.abort() });
t.dispatchEvent(new Event('y'));

// once + signal: the once removal and the abort are independent; aborting later is harmless.
const c2 = new AbortController();
let m = 0;
t.addEventListener('z', () => m++, { once: true, signal: c2.signal });
t.dispatchEvent(new Event('z'));
c2.abort();
t.dispatchEvent(new Event('z'));
console.log('once+signal ran', m, 'time(s)');
// once + signal, aborted before the event: never runs.
const c3 = new AbortController();
t.addEventListener('w', () => console.log('must not run'), { once: true, signal: c3.signal });
c3.abort();
t.dispatchEvent(new Event('w'));

// The signal's abort listener may itself remove listeners: the abort algorithms (listener
// removal) have run before the abort event.
const c4 = new AbortController();
t.addEventListener('v', () => console.log('v must not run'), { signal: c4.signal });
c4.signal.addEventListener('abort', () => {
  console.log('abort event: dispatching v');
  t.dispatchEvent(new Event('v'));
});
c4.abort();

// passive: preventDefault is ignored.
t.addEventListener('p', (e) => { e.preventDefault(); console.log('passive defaultPrevented', e.defaultPrevented); }, { passive: true });
console.log('passive dispatch result', t.dispatchEvent(new Event('p', { cancelable: true })));
t.addEventListener('q', (e) => { e.preventDefault(); console.log('active defaultPrevented', e.defaultPrevented); });
console.log('active dispatch result', t.dispatchEvent(new Event('q', { cancelable: true })));

// Options are read in WebIDL order: capture, once, passive, signal.
const read = [];
const options = {};
for (const k of ['signal', 'passive', 'once', 'capture']) {
  Object.defineProperty(options, k, { get() { read.push(k); return undefined; } });
}
t.addEventListener('o', () => {}, options);
console.log(read.join(','));
