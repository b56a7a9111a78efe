// A 120 ms task (busy-waiting on the real clock) between two marks and a measure of it, then a
// short timer task.
function busy(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}
let observed = 0;
new PerformanceObserver((list) => { observed += list.getEntries().length; }).observe({ type: 'longtask' });
scheduler.postTask(function work() {
  performance.mark('work-start', { detail: 'begin' });
  busy(120);
  performance.mark('work-end');
  performance.measure('work', 'work-start', 'work-end');
});
setTimeout(function report() { console.log('observed', observed); }, 150);
