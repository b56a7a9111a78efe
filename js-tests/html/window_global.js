// The global object is a Window EventTarget: addEventListener/dispatchEvent on it, unqualified
// calls, event handler attributes as own properties, Window not constructible.
console.log(Object.prototype.toString.call(globalThis), globalThis instanceof Window, globalThis instanceof EventTarget);
console.log(Object.getPrototypeOf(globalThis) === Window.prototype, self === globalThis);
for (const name of ['onerror', 'onmessage', 'onmessageerror', 'onrejectionhandled', 'onunhandledrejection']) {
  const d = Object.getOwnPropertyDescriptor(globalThis, name);
  console.log(name, typeof d.get, typeof d.set, globalThis[name]);
}
addEventListener('custom', (e) => console.log('global listener', e.target === globalThis, e.currentTarget === globalThis));
dispatchEvent(new CustomEvent('custom'));
globalThis.onmessage = (e) => console.log('global onmessage', e.data);
dispatchEvent(new MessageEvent('message', { data: 'hi' }));
try { new Window(); } catch (e) { console.log(e.message); }
