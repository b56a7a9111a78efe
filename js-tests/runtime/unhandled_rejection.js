// status: 1
// An unhandled rejection is reported after the microtask checkpoint that leaves it unhandled,
// and the script keeps running. A rejection handled within the same checkpoint is not reported.
const handledLater = Promise.reject(new Error('handled in a microtask'));
queueMicrotask(() => handledLater.catch((e) => console.log('caught:', e.message)));
Promise.reject(new TypeError('nobody handles this'));
Promise.reject(42);
setTimeout(() => {
  console.log('the loop went on');
  Promise.resolve().then(() => { throw new Error('thrown in a reaction'); });
}, 0);
