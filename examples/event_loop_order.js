// flags: --virtual-time
// explore: skip: the order it checks between task sources (timers, scheduler tasks, idle callbacks) is the documented policy's; HTML's event loop leaves it to the user agent.
// The event loop in one screen: a script task, microtasks (promise reactions, await,
// queueMicrotask) drained after every task, and timer tasks in due-time order.
// Run it: taskhost run examples/event_loop_order.js (with --virtual-time the times are exactly those of
// event_loop_order.out; with the real clock the order is the same and the times are close)
const t0 = performance.now();
const log = (what) => console.log(`${String(Math.round(performance.now() - t0)).padStart(3)} ms  ${what}`);

log('script: start (the script itself is the first task)');

setTimeout(() => {
  log('timer 20 ms');
  Promise.resolve().then(() => log('  microtask queued by the 20 ms timer runs before the next task'));
}, 20);
setTimeout(() => log('timer 0 ms (A)'), 0);
setTimeout(() => log('timer 0 ms (B): equal deadlines keep the order they were set'), 0);

Promise.resolve()
  .then(() => log('microtask: first .then'))
  .then(() => log('microtask: chained .then (queued when the first one ran)'));
queueMicrotask(() => log('microtask: queueMicrotask'));

(async () => {
  log('async function body runs synchronously');
  await new Promise((resolve) => setTimeout(resolve, 10));
  log('await resumed after the 10 ms timer, as a microtask of that timer task');
})();

log('script: end (now the microtask checkpoint)');
