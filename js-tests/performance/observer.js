// flags: --virtual-time
// explore: skip: the order it checks between task sources (a PerformanceObserver's task and timers) is the documented policy's; HTML's event loop leaves it to the user agent.
// PerformanceObserver: observe({type}) and observe({entryTypes}), the buffered flag,
// takeRecords(), disconnect(), the observer task (queued once per batch, after the microtasks of
// the task that made the entries), droppedEntriesCount, supportedEntryTypes and the errors.
console.log('supported', PerformanceObserver.supportedEntryTypes.join(), Object.isFrozen(PerformanceObserver.supportedEntryTypes));
performance.mark('early');
const single = new PerformanceObserver(function (list, observer, options) {
  console.log('single:', list.getEntries().map((e) => `${e.entryType} ${e.name}`).join(', '),
    '| this and observer', this === single && observer === single,
    '| dropped', options.droppedEntriesCount);
  console.log('  list by type', list.getEntriesByType('measure').length, 'by name', list.getEntriesByName('m1').length, list.getEntriesByName('m1', 'mark').length);
});
single.observe({ type: 'mark', buffered: true });
single.observe({ type: 'measure' });
const multiple = new PerformanceObserver((list, observer, options) => {
  console.log('multiple:', list.getEntries().map((e) => e.name).join(', '), '| dropped', options.droppedEntriesCount);
});
multiple.observe({ entryTypes: ['measure', 'unsupported'] });
performance.mark('m1');
performance.measure('m1');
Promise.resolve().then(() => console.log('microtask before the observer task'));
setTimeout(() => {
  console.log('--- second batch');
  performance.mark('m2');
  console.log('takeRecords', single.takeRecords().map((e) => e.name).join(), single.takeRecords().length);
  performance.measure('m2');
  multiple.disconnect();
  performance.measure('after disconnect');
}, 10);
setTimeout(() => {
  console.log('--- errors');
  const o = new PerformanceObserver(() => {});
  for (const [what, f] of [
    ['neither', () => o.observe({})],
    ['both', () => o.observe({ type: 'mark', entryTypes: ['mark'] })],
    // Performance Timeline says any member beside entryTypes throws; Chromium, Firefox and
    // WebKit throw only for `type` and ignore `buffered` and `durationThreshold` there.
    ['entryTypes with buffered', () => new PerformanceObserver(() => {}).observe({ entryTypes: ['mark'], buffered: true })],
    ['entryTypes with durationThreshold', () => new PerformanceObserver(() => {}).observe({ entryTypes: ['event'], durationThreshold: 16 })],
    ['getter of buffered read once', () => { let reads = 0; new PerformanceObserver(() => {}).observe({ type: 'mark', get buffered() { reads++; return false; } }); if (reads !== 1) throw new Error(`read ${reads} times`); }],
    ['single then multiple', () => { o.observe({ type: 'mark' }); o.observe({ entryTypes: ['mark'] }); }],
    ['no callback', () => new PerformanceObserver()],
    ['not callable', () => new PerformanceObserver({})],
    ['without new', () => PerformanceObserver(() => {})],
    ['unsupported type is ignored', () => new PerformanceObserver(() => {}).observe({ type: 'paint' })],
  ]) {
    try { f(); console.log(what, 'ok'); } catch (e) { console.log(what, e.name); }
  }
  o.disconnect();
}, 20);
