// Interface objects are made when first used, but a script sees WebIDL's global data properties
// from the start: descriptors, the property order, `in`, assignment, deletion, declarations,
// instanceof across realms, and events the host dispatches before the script touched their
// interface.
const names = Object.getOwnPropertyNames(globalThis);
const show = (name) => {
  const d = Object.getOwnPropertyDescriptor(globalThis, name);
  return d === undefined
    ? `${name}: absent`
    : `${name}: ${'value' in d ? typeof d.value : 'ACCESSOR'} w=${d.writable} e=${d.enumerable} c=${d.configurable}`;
};
// Descriptors of interfaces never touched, by every reflective route.
console.log(show('CustomEvent'));
const r = Reflect.getOwnPropertyDescriptor(globalThis, 'MessageChannel');
console.log('Reflect:', typeof r.value, 'get' in r);
const all = Object.getOwnPropertyDescriptors(globalThis);
console.log('all data properties:', Object.values(all).every((d) => !('get' in d) || d.get === undefined || !/^[A-Z]/.test(d.get.name)));
console.log('__lookupGetter__:', globalThis.__lookupGetter__('TextEncoder'), Object.create(globalThis).__lookupGetter__('TextDecoder'));
// The order of the global's properties is the same before and after the interfaces are made.
console.log('in:', 'Blob' in globalThis, 'Blob' in Object.create(globalThis));
void [URL, Blob, AbortController, TaskController, MutationObserver];
console.log('same order after use:', Object.getOwnPropertyNames(globalThis).join() === names.join());
// A value read through a function called often is the interface object every time.
const read = () => URLSearchParams;
let same = true;
for (let i = 0; i < 5; i++) same &&= read() === URLSearchParams && typeof read() === 'function';
console.log('stable reads:', same, URLSearchParams.name, URLSearchParams.length);
// Assignment replaces the value; the attributes stay.
TextDecoder = 42;
console.log(show('TextDecoder'), TextDecoder);
// A partial redefinition keeps writable (as on a data property).
Object.defineProperty(globalThis, 'TextEncoder', { value: 'x' });
console.log(show('TextEncoder'));
Object.defineProperty(globalThis, 'PerformanceMark', { enumerable: true });
console.log(show('PerformanceMark'), Object.keys(globalThis).includes('PerformanceMark'));
// Deletion removes the property for good; the host still makes the interface for its own use.
console.log('delete:', delete globalThis.ErrorEvent, 'ErrorEvent' in globalThis);
// Declarations over an interface's property.
console.log(show('PromiseRejectionEvent'));
// Objects inheriting from the global define their own property on assignment.
const child = Object.create(globalThis);
child.MessageEvent = 'own';
console.log('child:', Object.getOwnPropertyDescriptor(child, 'MessageEvent').value, typeof MessageEvent);
// Events the host dispatches before the script touched their interface.
addEventListener('error', (e) => {
  // (Its global property was deleted above: the host made the interface for its own use.)
  console.log('error event:', e.constructor.name, Object.prototype.toString.call(e), e.message);
  e.preventDefault();
});
setTimeout(() => {
  throw new Error('boom');
});
setTimeout(() => {
  // After the script's task: the used interfaces are data properties; the untouched still look so.
  console.log(show('URL'), show('IdleDeadline'));
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = (e) => {
    console.log('message event:', e instanceof MessageEvent, e.constructor === MessageEvent);
    port1.close();
    frames();
  };
  port2.postMessage('hi');
}, 1);
// instanceof across realms: each window has its own interface objects, made when used.
function frames() {
  const iframe = document.body.appendChild(document.createElement('iframe'));
  const w = iframe.contentWindow;
  const names2 = Object.getOwnPropertyNames(w);
  console.log('iframe descriptor:', (() => { const d = Object.getOwnPropertyDescriptor(w, 'Event'); return typeof d.value + ' ' + d.writable + d.enumerable + d.configurable; })());
  const e = new w.Event('x');
  console.log('iframe instanceof:', e instanceof w.Event, e instanceof Event, w.Event !== Event);
  const t = new w.EventTarget();
  let got = null;
  t.addEventListener('ping', (ev) => { got = ev; });
  t.dispatchEvent(new w.CustomEvent('ping', { detail: 7 }));
  console.log('iframe dispatch:', got.detail, got instanceof w.CustomEvent, got instanceof w.Event);
  console.log('iframe order kept:', Object.getOwnPropertyNames(w).join() === names2.join());
  console.log('iframe AbortSignal from main realm call:', AbortSignal.abort.call(w.AbortSignal) instanceof AbortSignal);
}
