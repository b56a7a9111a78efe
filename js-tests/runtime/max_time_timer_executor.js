// flags: --virtual-time --max-time 0.5 --imitate timer-executor
// status: 124
// Imitating Firefox's timer executor, the page's timers are the executor's timeouts, not the
// loop's: the report of what was pending counts the interval and the 10 s timer, not the
// executor's one wake-up.
let ticks = 0;
setInterval(() => ticks++, 100);
setTimeout(() => console.log('runs at 0.2 s'), 200);
setTimeout(() => console.log('due at 10 s: never runs'), 10000);
