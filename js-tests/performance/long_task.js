// explore: skip: it needs the real clock (it busy-waits on performance.now()); --explore runs on the virtual clock.
// A task that busy-waits 120 ms on the real clock is one long task: a PerformanceLongTaskTiming
// (name "self") with one TaskAttributionTiming, delivered to observers of 'longtask'
// (observe({type}) and observe({entryTypes})) and, buffered, to an observer that comes later;
// not in performance.getEntries(). Short tasks are not long tasks.
function busy(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}
const seen = [];
new PerformanceObserver((list) => seen.push(...list.getEntries())).observe({ type: 'longtask' });
let viaEntryTypes = 0;
new PerformanceObserver((list) => { viaEntryTypes += list.getEntries().length; }).observe({ entryTypes: ['longtask'] });
scheduler.postTask(function work() { busy(120); });
scheduler.postTask(function short() { busy(5); });
setTimeout(() => {
  console.log('long tasks observed:', seen.length, 'via entryTypes:', viaEntryTypes);
  const [entry] = seen;
  console.log(entry instanceof PerformanceLongTaskTiming, entry instanceof PerformanceEntry, entry.name, entry.entryType);
  console.log('duration > 100:', entry.duration > 100, 'whole ms:', Number.isInteger(entry.duration), 'started after 0:', entry.startTime > 0);
  console.log('attribution frozen:', Object.isFrozen(entry.attribution), 'same array:', entry.attribution === entry.attribution, 'length', entry.attribution.length);
  const a = entry.attribution[0];
  console.log(a instanceof TaskAttributionTiming, a.name, a.entryType, a.startTime, a.duration, a.containerType, JSON.stringify([a.containerSrc, a.containerId, a.containerName]));
  // Without --trace/--log-tasks/--long-tasks only the source is known.
  console.log('source', a.taskhostSource, 'callback', JSON.stringify(a.taskhostCallback), 'posted at', JSON.stringify(a.taskhostPostedAt));
  const json = entry.toJSON();
  console.log('toJSON', Object.keys(json).join(), json.attribution[0] === a);
  // (The task is a long animation frame too, which is in getEntries(): only long tasks count.)
  console.log('getEntries has no long tasks:', performance.getEntries().filter((e) => e.entryType === 'longtask').length,
    performance.getEntriesByType('longtask').length);
  new PerformanceObserver((list) => {
    console.log('buffered observer:', list.getEntries().length, list.getEntries()[0] === entry);
  }).observe({ type: 'longtask', buffered: true });
}, 200);
