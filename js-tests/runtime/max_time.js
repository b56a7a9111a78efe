// flags: --virtual-time --max-time 0.5
// status: 124
// A loop that never ends is stopped by --max-time, with a report of what was still pending.
let ticks = 0;
setInterval(() => ticks++, 100);
setTimeout(() => console.log('runs at 0.2 s'), 200);
setTimeout(() => console.log('due at 10 s: never runs'), 10000);
