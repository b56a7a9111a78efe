// explore: skip: it needs the real clock (the clock starts real and pause() makes it virtual); --explore runs on the virtual clock.
// Misuse of taskhost.clock gets an exception that says what to do; the run ends with a warning
// when the clock was left paused with timers that nothing moved it to.
const show = (f) => { try { f(); console.log('no exception'); } catch (e) { console.log(`${e.name}: ${e.message}`); } };
const rejected = async (p) => { try { await p; console.log('resolved'); } catch (e) { console.log(`${e.name}: ${e.message}`); } };

console.log('virtual', taskhost.clock.virtual, 'paused', taskhost.clock.paused);
show(() => taskhost.clock.tick(1));
show(() => taskhost.clock.runAll());
taskhost.clock.pause();
show(() => taskhost.clock.tick(-1));
show(() => taskhost.clock.tick(NaN));
show(() => taskhost.clock.tick(Infinity));
show(() => taskhost.clock.runAll({ limit: 0 }));
show(() => taskhost.clock.runAll({ limit: 1.5 }));
const first = taskhost.clock.tick(5);
show(() => taskhost.clock.next());
await first;
show(() => new Worker('./scenario.mjs', { type: 'module' }));
// An interval never runs out of timers: runAll() gives up after its limit.
let runs = 0;
const id = setInterval(() => runs++, 10);
await rejected(taskhost.clock.runAll({ limit: 5 }));
console.log('interval ran', runs, 'times');
clearInterval(id);
await rejected(taskhost.clock.runAll());
setTimeout(() => console.log('never'), 1);
