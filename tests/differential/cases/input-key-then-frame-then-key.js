// A second key press that comes while the listener of the first is still running, after the
// vsync of the frame the first one asked for: which runs first, the frame or the second keydown?
// HTML leaves the choice of task queue to the user agent. Chromium runs the keydown first (its
// input task queue is at its top priority), and so does taskhost: input first, even before the
// frame that shows the response to the input before it (docs/EVENT_LOOP.md, "Rendering and
// input").
const log = [];
const spin = (ms) => {
  if (globalThis.taskhost) return taskhost.clock.busy(ms);
  const end = performance.now() + ms;
  while (performance.now() < end);
};
let presses = 0;
document.addEventListener('keydown', (e) => {
  presses += 1;
  log.push(`keydown ${e.key} repeat=${e.repeat}`);
  if (presses === 1) {
    requestAnimationFrame(() => log.push('animation frame'));
    spin(1000); // the second key is pressed at 500 ms of it
  } else {
    requestAnimationFrame(() => log.push('second animation frame'));
    setTimeout(() => console.log([...log, 'end'].join('\n')), 500);
  }
});
