// explore: skip: it prints idle deadlines, which timer padding and idle periods, the user agent's choices, change.
// Idle callbacks during a tick get the deadline they would get without one (the next timer counts
// even if it is after the tick's target), and Date follows the clock like performance.now().
taskhost.clock.pause();
const d0 = Date.now();
const t0 = taskhost.clock.now();
setTimeout(() => console.log('timer at', taskhost.clock.now() - t0), 30);
requestIdleCallback((deadline) => {
  console.log('idle at', taskhost.clock.now() - t0, 'timeRemaining', deadline.timeRemaining());
});
await taskhost.clock.tick(10);
console.log('after tick(10): clock', taskhost.clock.now() - t0, 'Date', Date.now() - d0, 'performance', performance.now() - t0);
requestIdleCallback((deadline) => {
  console.log('idle at', taskhost.clock.now() - t0, 'timeRemaining', deadline.timeRemaining());
});
await taskhost.clock.runAll();
requestIdleCallback((deadline) => {
  console.log('idle at', taskhost.clock.now() - t0, 'with no timer: timeRemaining', deadline.timeRemaining());
});
await taskhost.clock.runUntilIdle();
console.log('done at', taskhost.clock.now() - t0);
