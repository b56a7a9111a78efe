// flags: --virtual-time
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// requestAnimationFrame (HTML "run the animation frame callbacks"): one timestamp for all the
// callbacks of a frame (the vsync, 60 Hz: k × 16.667 ms), in the order they were requested;
// each callback's microtasks run before the next callback; a callback requested during a frame
// runs in the next one; cancelled callbacks never run, also when cancelled from a callback of
// the same frame; handles grow from 1; bad arguments are TypeErrors.
const log = [];
const t = (x) => x.toFixed(3);
const a = requestAnimationFrame((ts) => {
  log.push(`a ${t(ts)}`);
  queueMicrotask(() => log.push('a: microtask'));
  requestAnimationFrame((ts2) => log.push(`a's request, next frame ${t(ts2)}`));
  cancelAnimationFrame(c);
});
const b = requestAnimationFrame((ts) => {
  log.push(`b ${t(ts)}, now ${t(performance.now())}`);
  throw new Error('b throws: reported, the frame goes on');
});
const c = requestAnimationFrame(() => log.push('c: cancelled by a, never runs'));
const d = requestAnimationFrame((ts) => log.push(`d ${t(ts)}`));
log.push(`handles ${a} ${b} ${c} ${d}`);
cancelAnimationFrame(12345); // unknown: nothing happens
cancelAnimationFrame(-1);
for (const bad of [undefined, 1, 'x', {}]) {
  try { requestAnimationFrame(bad); } catch (e) { log.push(`rAF(${String(bad)}): ${e.name}`); }
}
try { requestAnimationFrame(); } catch (e) { log.push(`rAF(): ${e.name}: ${e.message}`); }
setTimeout(() => log.push(`timer at ${performance.now()} (before the first frame)`), 10);
addEventListener('error', (e) => { log.push(`error event: ${e.message}`); e.preventDefault(); });
setTimeout(() => console.log(log.join('\n')), 100);
