// flags: --virtual-time
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// Event Timing: entries from the input's time to the next rendering after processing, rounded
// to 8 ms; the events of a click share an interactionId (mousedown/mouseup: 0), as keydown and
// keyup do (keypress too, as in Chromium and Firefox); the first interaction is reported as first-input; durationThreshold
// (at least 16; 104 by default) filters what an observer gets; eventCounts and interactionCount.
const button = document.body.appendChild(document.createElement('button'));
button.addEventListener('click', () => taskhost.clock.busy(30));
const lines = [];
const show = (e) => `${e.entryType} ${e.name} start=${e.startTime} processing=${e.processingStart}..${e.processingEnd}` +
  ` duration=${e.duration} id=${e.interactionId} cancelable=${e.cancelable} target=${e.target === button ? 'button' : e.target}`;
new PerformanceObserver((l) => l.getEntries().forEach((e) => lines.push('16: ' + show(e))))
  .observe({ type: 'event', durationThreshold: 0 });
new PerformanceObserver((l) => l.getEntries().forEach((e) => lines.push('default: ' + show(e))))
  .observe({ type: 'event' });
new PerformanceObserver((l) => l.getEntries().forEach((e) => lines.push('first: ' + show(e))))
  .observe({ type: 'first-input', buffered: true });
setTimeout(() => taskhost.clock.busy(80), 15);
taskhost.input.click(button, { at: 20 });
taskhost.input.key(document.body, 'x', { at: 300, hold: 40 });
setTimeout(() => {
  console.log(lines.join('\n'));
  console.log('getEntriesByType(event):', performance.getEntriesByType('event').length,
    'first-input:', performance.getEntriesByType('first-input').map((e) => e.name).join());
  const counts = performance.eventCounts;
  console.log('eventCounts', counts.size > 30, counts.get('click'), counts.get('keydown'), counts.get('pointermove'),
    counts.has('mouseover'), counts === performance.eventCounts);
  console.log('interactionCount', performance.interactionCount);
  console.log(JSON.stringify(performance.getEntriesByType('first-input')[0]));
}, 500);
