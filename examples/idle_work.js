// flags: --virtual-time
// explore: skip: it prints an idle deadline, which timer padding and idle periods, the user agent's choices, change.
// Idle work: requestIdleCallback runs only when nothing else is runnable, with a deadline of at
// most 50 ms (less if a timer is due sooner). Inside it, scheduler.yield() continues as
// background work (Prioritized Task Scheduling §4.2).
// Run it: taskhost run --virtual-time examples/idle_work.js (with the real clock the time left differs
// by a little from idle_work.out)
requestIdleCallback(async (deadline) => {
  console.log(`idle: ${deadline.timeRemaining()} ms left before the 20 ms timer, didTimeout ${deadline.didTimeout}`);
  scheduler.postTask(() => console.log('user-visible task posted from the idle callback'));
  await scheduler.yield();
  console.log('idle work resumed as a background continuation');
});
scheduler.postTask(() => console.log('background task: still before idle'), { priority: 'background' });
setTimeout(() => console.log('timer at 20 ms'), 20);
console.log('script done');
