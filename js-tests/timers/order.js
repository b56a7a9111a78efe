// Timers, microtasks and promises in one script: the order they print is the HTML order.
console.log('script');
setTimeout(() => console.log('timeout 0 (A)'), 0);
setTimeout(() => console.log('timeout 0 (B)'), 0);
Promise.resolve().then(() => console.log('then 1')).then(() => console.log('then 2'));
queueMicrotask(() => console.log('queueMicrotask'));
(async () => {
  console.log('async body');
  await null;
  console.log('after await');
})();
console.log('script end');
