// Keys held down: a second keydown of a key already down (the keyboard's auto-repeat) and two
// keys down at once, released in the order they were pressed. Checks `repeat` on keydown and
// keypress (UI Events) and Event Timing's interaction ids: each keydown starts an interaction
// at once and is reported at the next rendering, its keypress shares its id, and a keyup gets
// the id of the latest keydown of its key (Chromium and Firefox; w3c/event-timing issue 153; the
// spec's text keeps a keydown pending until its keyup). Ids are printed relative to the first.
const log = [];
const spin = (ms) => {
  if (globalThis.taskhost) return taskhost.clock.busy(ms);
  const end = performance.now() + ms;
  while (performance.now() < end);
};
for (const type of ['keydown', 'keypress', 'keyup']) {
  document.addEventListener(type, (e) => {
    log.push(`${type} ${e.key} repeat=${e.repeat}`);
    // Long enough for each entry to be queued (16 ms or more).
    spin(40);
    if (type === 'keyup' && e.key === 'c') setTimeout(() => console.log([...log, 'end'].join('\n')), 500);
  });
}
let first = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!['keydown', 'keypress', 'keyup'].includes(e.name)) continue;
    if (!first && e.interactionId) first = e.interactionId;
    const id = e.interactionId ? `interaction ${1 + (e.interactionId - first) / 7}` : 'no interaction';
    log.push(`entry ${e.name}: ${id}`);
  }
}).observe({ type: 'event', durationThreshold: 16 });
