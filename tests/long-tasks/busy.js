// A 120 ms task (busy-waiting on the real clock) between two marks and a measure of it; the
// observer says how many long tasks it saw. (It prints from its own callback: a timer that
// reported later could be due when the task ends, and which of the two tasks runs first is the
// event loop's choice of task source.)
function busy(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}
new PerformanceObserver((list) => { console.log('observed', list.getEntries().length); })
  .observe({ type: 'longtask' });
scheduler.postTask(function work() {
  performance.mark('work-start', { detail: 'begin' });
  busy(120);
  performance.mark('work-end');
  performance.measure('work', 'work-start', 'work-end');
});
