// flags: --virtual-time
// explore: skip: it prints idle deadlines, which timer padding and idle periods, the user agent's choices, change.
// requestIdleCallback: band 4 (only when nothing else is runnable and no timer is due within
// the deadline, ≤ 50 ms), IdleDeadline, the timeout option, cancelIdleCallback.
const t0 = performance.now();
const at = () => Math.round(performance.now() - t0);
requestIdleCallback((d) => {
  console.log('idle 1 at', at(), 'didTimeout', d.didTimeout, 'remaining', d.timeRemaining(), d instanceof IdleDeadline);
});
requestIdleCallback(() => console.log('idle 2 (FIFO) at', at()));
setTimeout(() => console.log('timer 0 runs before any idle callback'), 0);
Promise.resolve().then(() => console.log('microtask first'));
const cancelled = requestIdleCallback(() => console.log('must not run'));
cancelIdleCallback(cancelled);
cancelIdleCallback(12345); // unknown handle: nothing
console.log(typeof cancelled, cancelled > 0);
// A timer due in 20 ms bounds the idle deadline.
setTimeout(() => {
  setTimeout(() => console.log('timer at', at()), 20);
  requestIdleCallback((d) => console.log('idle before a timer due in 20 ms: remaining', d.timeRemaining()));
}, 100);
// Errors.
for (const thunk of [() => requestIdleCallback(), () => requestIdleCallback(5), () => requestIdleCallback(() => {}, 5), () => new IdleDeadline()]) {
  try { thunk(); console.log('no error'); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
}
