// explore: skip: it needs the real clock (a long task busy-waits on performance.now()); --explore runs on the virtual clock.
// A delayed postTask is as old as its delay's end against timers and messages: when a long task
// lets both come due, postTask(P, {delay: 10}) runs before setTimeout(T, 20), as a timer due at
// 10 ms would. Among scheduler tasks its place is still the order it was enqueued in.
const log = [];
const spin = (ms) => { const end = performance.now() + ms; while (performance.now() < end); };
scheduler.postTask(() => log.push('P (delay 10)'), { delay: 10 });
setTimeout(() => log.push('T (timer 20)'), 20);
scheduler.postTask(() => log.push('Q (delay 20)'), { delay: 20 });
setTimeout(() => log.push('U (timer 10)'), 10);
spin(50);
setTimeout(() => console.log(log.join(', ')), 100);
