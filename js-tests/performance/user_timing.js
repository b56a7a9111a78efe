// flags: --virtual-time
// explore: skip: it prints the time a timer ran at, which timer padding and idle periods, the user agent's choices, change.
// User Timing: marks (now or a given startTime, cloned detail), measures between marks, times
// and option dictionaries, the timeline's getEntries* (chronological), clearing, and the errors
// of measure() and mark().
const a = performance.mark('a', { detail: { n: 1 } });
console.log(a instanceof PerformanceMark, a instanceof PerformanceEntry, a.entryType, a.name);
console.log('a.startTime', a.startTime, 'duration', a.duration, 'detail', JSON.stringify(a.detail));
const detail = { n: 2 };
const b = performance.mark('b', { startTime: 30, detail });
console.log('b.startTime', b.startTime, 'detail cloned', b.detail !== detail && b.detail.n === 2);
setTimeout(() => {
  performance.mark('c');
  const m1 = performance.measure('a to c', 'a', 'c');
  console.log(m1 instanceof PerformanceMeasure, m1.entryType, m1.startTime, m1.duration, m1.detail);
  const m2 = performance.measure('b to now', 'b');
  console.log('b to now', m2.startTime, m2.duration);
  const m3 = performance.measure('from 0');
  console.log('from 0', m3.startTime, m3.duration);
  const m4 = performance.measure('opts', { start: 'a', duration: 5, detail: [1, 2] });
  console.log('opts', m4.startTime, m4.duration, JSON.stringify(m4.detail));
  const m5 = performance.measure('end-duration', { end: 40, duration: 15 });
  console.log('end-duration', m5.startTime, m5.duration);
  const m6 = performance.measure('negative', 'c', 'a');
  console.log('negative', m6.duration);
  console.log('entries', performance.getEntries().map((e) => e.name).join(' | '));
  console.log('marks', performance.getEntriesByType('mark').map((e) => e.name).join());
  console.log('by name', performance.getEntriesByName('a').length, performance.getEntriesByName('a', 'measure').length);
  console.log('unknown type', performance.getEntriesByType('longtask').length, performance.getEntriesByType('nope').length);
  for (const [what, f] of [
    ['missing mark', () => performance.measure('x', 'nope')],
    ['all three', () => performance.measure('x', { start: 1, end: 2, duration: 1 })],
    ['options and end mark', () => performance.measure('x', { start: 1 }, 'a')],
    ['no start or end', () => performance.measure('x', { duration: 1 })],
    ['negative time', () => performance.measure('x', { start: -1 })],
    ['negative mark', () => performance.mark('x', { startTime: -1 })],
    ['timing name', () => performance.mark('navigationStart')],
    ['no name', () => performance.mark()],
  ]) {
    try { f(); console.log(what, 'did not throw'); } catch (e) { console.log(what, e.name); }
  }
  performance.clearMarks('a');
  console.log('after clearMarks(a)', performance.getEntriesByType('mark').map((e) => e.name).join());
  performance.clearMeasures();
  console.log('after clearMeasures()', performance.getEntriesByType('measure').length);
  performance.clearMarks();
  // (The document's first visibility-state entry, at 0, stays.)
  const entryTypes = () => performance.getEntries().map((e) => e.entryType).join() || 'none';
  console.log('after clearMarks()', entryTypes());
  console.log(JSON.stringify(new PerformanceMark('json', { startTime: 2, detail: 'd' })));
  console.log('constructed marks are not buffered', entryTypes());
  try { new PerformanceMeasure(); } catch (e) { console.log('new PerformanceMeasure', e.name); }
}, 50);
