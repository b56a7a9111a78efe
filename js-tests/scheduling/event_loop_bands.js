// flags: --virtual-time
// explore: skip: the order it checks between task sources (timers, messages, idle callbacks and each scheduler band) is the documented policy's; HTML's event loop leaves it to the user agent.
// How scheduler tasks interleave with timers, messages and idle callbacks (docs/EVENT_LOOP.md):
// band 1 (user-blocking tasks, user-visible/user-blocking continuations) before pending timers
// and messages; band 2 (user-visible tasks, timers, messages) oldest first; band 3 (background)
// only when nothing else is runnable; idle callbacks last.
const log = [];
const note = (s) => log.push(s);
const { port1, port2 } = new MessageChannel();
port1.onmessage = (e) => note(`message ${e.data}`);

requestIdleCallback(() => note('idle callback'));
scheduler.postTask(() => note('background task'), { priority: 'background' });
setTimeout(() => note('timer 0 (A)'), 0);
scheduler.postTask(() => note('user-visible task (after timer A)'));
port2.postMessage('1 (after the user-visible task)');
setTimeout(() => note('timer 0 (B, after message 1)'), 0);
scheduler.postTask(() => note('user-blocking task'), { priority: 'user-blocking' });
port2.postMessage('2');

// yield() inside a timer callback resumes before the next due timer.
setTimeout(async () => {
  note('timer 10 (C) yields');
  await scheduler.yield();
  note('C resumed before timer D');
}, 10);
setTimeout(() => note('timer 10 (D)'), 10);

setTimeout(() => {
  port1.close();
  console.log(log.join('\n'));
}, 20);
