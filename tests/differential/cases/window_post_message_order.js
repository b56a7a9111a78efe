// window.postMessage as a way to yield: each call queues one task on the posted message task
// source given the window (HTML §9.3.3, window post message steps, step 8), so messages arrive
// in the order posted, each in its own task (a microtask queued by one message's listener runs
// before the next message), after the microtasks of the posting task. Against scheduler tasks
// and a timer, the order is the event loop's: the scheduler's priorities order its own tasks
// (user-blocking first), and the posted message and timer tasks are ordered by when each became
// runnable.
const log = [];
onmessage = (e) => {
  log.push(`message ${e.data} (source is this window: ${e.source === window})`);
  queueMicrotask(() => log.push(`microtask of message ${e.data}`));
  if (e.data === 3) {
    scheduler.postTask(() => log.push('user-visible task posted by message 3'));
    postMessage(4, '*');
  }
};
setTimeout(() => log.push('timeout 0'), 0);
postMessage(1, '*');
scheduler.postTask(() => log.push('background task'), { priority: 'background' });
postMessage(2, { targetOrigin: '/' });
scheduler.postTask(() => log.push('user-blocking task'), { priority: 'user-blocking' });
postMessage(3, location.origin);
queueMicrotask(() => log.push('microtask of the script'));
setTimeout(() => console.log([...log, 'end'].join('\n')), 100);
