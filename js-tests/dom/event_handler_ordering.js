// Event handler IDL attributes: the handler takes its listener slot when first set to non-null,
// re-setting keeps the slot, null removes it, setting again appends at the end.
const c = new AbortController();
const s = c.signal;
const order = [];
s.addEventListener('abort', () => order.push('A'));
s.onabort = () => order.push('handler 1');
s.addEventListener('abort', () => order.push('B'));
s.onabort = () => order.push('handler 2'); // same slot, between A and B
console.log(typeof s.onabort, s.onabort.toString().includes('handler 2'));
const t = new EventTarget();
// Run the same scenario on a signal per case.
function run(setup) {
  const ctl = new AbortController();
  const log = [];
  setup(ctl.signal, log);
  ctl.abort();
  return log.join(' ');
}
console.log(run((sig, log) => {
  sig.addEventListener('abort', () => log.push('A'));
  sig.onabort = () => log.push('h1');
  sig.addEventListener('abort', () => log.push('B'));
  sig.onabort = () => log.push('h2');
}));
console.log(run((sig, log) => {
  sig.addEventListener('abort', () => log.push('A'));
  sig.onabort = () => log.push('h1');
  sig.addEventListener('abort', () => log.push('B'));
  sig.onabort = null;
  sig.onabort = () => log.push('h3');
}));
console.log(run((sig, log) => {
  sig.onabort = () => log.push('h');
  sig.onabort = 5; // not an object: null
  console.log('non-object value reads back as', sig.onabort);
}));
console.log(run((sig, log) => {
  // A non-callable object is kept as the value and ignored when invoked.
  sig.onabort = { handleEvent() { log.push('not called'); } };
  sig.addEventListener('abort', () => log.push('listener'));
}));
console.log(run((sig, log) => {
  // this is the target; returning false cancels (a non-cancelable abort event stays uncanceled).
  sig.onabort = function (e) { log.push(String(this === sig), e.type); return false; };
  sig.addEventListener('abort', (e) => log.push('defaultPrevented=' + e.defaultPrevented));
}));
c.abort();
console.log(order.join(' '));
// The attribute belongs to AbortSignal: other objects fail the brand check.
const desc = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'onabort');
console.log(typeof desc.get, typeof desc.set, desc.enumerable, desc.configurable);
try { desc.get.call(t); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
// onmessage on MessagePort, onerror on the global.
console.log('onmessage' in MessagePort.prototype, Object.prototype.hasOwnProperty.call(globalThis, 'onerror'));
