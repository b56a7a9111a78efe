// flags: --long-tasks
// explore: skip: it needs the real clock (it busy-waits on performance.now()); --explore runs on the virtual clock.
// The same 150 ms of work in chunks of 2 ms with `await scheduler.yield()` between them is no
// long task: the observer never fires and --long-tasks reports none. (Durations are wall time,
// as in a browser: a machine so loaded that a chunk's thread waits 48 ms for a core makes that
// chunk a long task; the chunks are short to leave that margin.)
function busy(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}
let observed = 0;
new PerformanceObserver((list) => { observed += list.getEntries().length; }).observe({ type: 'longtask' });
scheduler.postTask(async function work() {
  for (let i = 0; i < 75; i++) {
    busy(2);
    await scheduler.yield();
  }
  setTimeout(() => console.log('chunks done, long tasks observed:', observed), 0);
});
