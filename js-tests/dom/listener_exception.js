// status: 1
// An exception in a listener is reported like an uncaught error, and dispatch continues.
const t = new EventTarget();
t.addEventListener('x', () => { throw new TypeError('from listener 1'); });
t.addEventListener('x', () => console.log('listener 2 still runs'));
t.addEventListener('x', { handleEvent: 42 });
t.addEventListener('x', () => console.log('listener 4 still runs'));
console.log('dispatch returned', t.dispatchEvent(new Event('x')));
console.log('script continues');
