// Idle callbacks while a requestAnimationFrame loop keeps frames coming. Each callback requested
// from inside an idle callback waits for a new idle period (requestIdleCallback "start an idle
// period" makes runnable only the callbacks requested before it), and with frames coming, the
// next idle period starts after the next frame: Chromium's short idle periods lie between frames,
// one per frame, and Firefox's too (the algorithm's step 1 lets the user agent delay a period).
// Callbacks requested together, from one animation frame callback, run in one idle period.
// Whether a frame came between two callbacks is printed, not the times, which differ run to run.
const log = [];
let frames = 0;
let done = false;
requestAnimationFrame(function loop() {
  frames++;
  if (!done) requestAnimationFrame(loop);
});
let previous = 0;
const since = () => {
  const s = frames > previous ? 'after a new frame' : 'in the same frame';
  previous = frames;
  return s;
};
let chained = 0;
requestIdleCallback(function chain() {
  since();
  log.push(`chained ${chained}`);
  if (++chained < 5) {
    requestIdleCallback(() => log.push(`chained ${chained}: ${since()}`));
    requestIdleCallback(chain);
  } else {
    requestAnimationFrame(() => {
      for (const name of ['a', 'b', 'c']) requestIdleCallback(() => log.push(`together ${name}: ${since()}`));
      requestIdleCallback(() => {
        done = true;
        setTimeout(() => console.log([...log, 'end'].join('\n')), 100);
      });
    });
  }
});
