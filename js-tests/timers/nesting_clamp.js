// flags: --virtual-time
// explore: skip: it prints how late each timer ran, which timer padding and idle periods, the user agent's choices, change.
// HTML timers: once the nesting level exceeds 5, a timeout below 4 ms is clamped to 4 ms.
const times = [];
function tick(level) {
  times.push(performance.now());
  if (level < 9) setTimeout(tick, 0, level + 1);
  else console.log(times.join(' '));
}
setTimeout(tick, 0, 1);
// An interval is a nested timer too: runs 1–6 come 1 ms apart, then the clamp makes it 4 ms (6, 10, 14).
let n = 0;
const start = performance.now();
const iv = setInterval(() => {
  n++;
  if (n === 8) {
    clearInterval(iv);
    console.log('interval 8 runs after', performance.now() - start, 'ms');
  }
}, 1);
