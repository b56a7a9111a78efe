// flags: --virtual-time
// explore: skip: the order it checks between task sources (timers, scheduler tasks, idle callbacks) is the documented policy's; HTML's event loop leaves it to the user agent.
// What a tick runs, and where it stops: everything due up to its target, in the loop's order,
// and no further; the continuation comes before idle callbacks at the target.
const log = [];
const t0 = taskhost.clock.now();
const at = () => taskhost.clock.now() - t0;
const show = (what, now) => { console.log(`${what} -> ${now - t0}: ${log.join(' ') || '(nothing)'}`); log.length = 0; };

taskhost.clock.pause();
console.log('virtual', taskhost.clock.virtual, 'paused', taskhost.clock.paused);

setTimeout(() => log.push(`t5@${at()}`), 5);
setTimeout(() => log.push(`t10@${at()}`), 10);
scheduler.postTask(() => log.push(`delay8@${at()}`), { delay: 8, priority: 'background' });
scheduler.postTask(() => log.push(`now@${at()}`));

// Runnable tasks run even for a tick of 0; timers not yet due do not.
show('tick(0)', await taskhost.clock.tick(0));
// Up to 7: the 5 ms timer only.
show('tick(7)', await taskhost.clock.tick(7));
// Up to 10: the delayed task at 8, then the timer due exactly at the target.
show('tick(3)', await taskhost.clock.tick(3));

// Idle callbacks at the target wait for the continuation (a later tick runs them).
requestIdleCallback(() => log.push(`idle@${at()}`));
show('tick(0) with an idle callback', await taskhost.clock.tick(0));
show('runUntilIdle()', await taskhost.clock.runUntilIdle());

// next(): to the next due timer, whatever its delay; with none, at once.
setTimeout(() => log.push(`t1000@${at()}`), 1000);
setTimeout(() => log.push(`t2000@${at()}`), 2000);
show('next()', await taskhost.clock.next());
show('next()', await taskhost.clock.next());
show('next() with no timer', await taskhost.clock.next());

// A timer set during a tick runs in it if due by the target.
setTimeout(() => { log.push(`outer@${at()}`); setTimeout(() => log.push(`inner@${at()}`), 3); }, 2);
show('tick(5)', await taskhost.clock.tick(5));

// Messages and microtasks need no time.
const { port1, port2 } = new MessageChannel();
port1.onmessage = (e) => log.push(`message ${e.data}@${at()}`);
port2.postMessage('a');
show('runUntilIdle()', await taskhost.clock.runUntilIdle());

// A paused clock does not move by itself: after resume() the loop moves it again.
setTimeout(() => console.log(`after resume, t50 ran at ${at()}`), 50);
taskhost.clock.resume();
console.log('paused', taskhost.clock.paused);
