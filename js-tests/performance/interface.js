// flags: --virtual-time
// The Performance interface (HR Time §4.4): one Performance object per global (window, iframe,
// dedicated and shared worker), an EventTarget with now(), timeOrigin and the default toJSON() on
// Performance.prototype, and User Timing's operations beside them; the [Replaceable]
// `performance` attribute (own accessor of a window, on WorkerGlobalScope.prototype in workers).
const own = Object.getOwnPropertyDescriptor(self, 'performance');
console.log('window:', Object.prototype.toString.call(performance), typeof own.get, typeof own.set,
  Object.getPrototypeOf(Performance.prototype) === EventTarget.prototype,
  Object.getOwnPropertyNames(performance).length);
console.log('prototype:', Object.keys(Performance.prototype).join());
console.log('toJSON:', JSON.stringify(performance) === JSON.stringify({ timeOrigin: performance.timeOrigin }));
for (const [what, f] of [
  ['new Performance()', () => new Performance()],
  ['now.call({})', () => Performance.prototype.now.call({})],
  ['mark.call(new EventTarget(), "m")', () => Performance.prototype.mark.call(new EventTarget(), 'm')],
  ['getEntries.call(self)', () => Performance.prototype.getEntries.call(self)],
]) {
  try { f(); console.log(what, 'did not throw'); } catch (e) { console.log(what, '->', e.constructor.name, e.message); }
}
performance.mark('in the window');
const frame = document.body.appendChild(document.createElement('iframe')).contentWindow;
const framePerformance = frame.performance;
console.log('iframe: its own object and interface:', framePerformance !== performance,
  framePerformance instanceof frame.Performance, !(framePerformance instanceof Performance),
  'entries kept apart:', framePerformance.getEntriesByType('mark').length,
  performance.getEntriesByType('mark').length);
try { Performance.prototype.now.call(framePerformance); console.log('a frame\'s Performance passes the brand check'); } catch (e) { console.log(e.message); }
const worker = new Worker('resources/performance_worker.js');
worker.onmessage = ({ data }) => {
  console.log('dedicated:', data);
  worker.terminate();
  const shared = new SharedWorker('resources/performance_worker.js');
  shared.port.onmessage = ({ data }) => {
    console.log('shared:', data);
    shared.port.close();
    performance = 'replaced';
    console.log('window after performance = ...:', performance, typeof own.get.call(self).now);
  };
};
