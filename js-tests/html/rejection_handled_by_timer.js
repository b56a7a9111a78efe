// explore: skip: the order it checks between task sources (a timer and the rejection notification task) is the documented policy's; HTML's event loop leaves it to the user agent.
// A promise that the script rejects and a timer task handles fires no unhandledrejection: "notify
// about rejected promises" (HTML 8.1.5.7 step 4) queues a task on the DOM manipulation task source
// after the script's checkpoint, and the timer task (runnable since it was set, before that) runs
// first, so the promise is handled when that task looks at it (step 4.1.1). Chromium 156 prints the
// same two lines and fires no event.
addEventListener('unhandledrejection', (e) => console.log('unhandledrejection', e.reason));
addEventListener('rejectionhandled', (e) => console.log('rejectionhandled', e.reason));
const p = Promise.reject('handled by a timer');
setTimeout(() => {
  p.catch((reason) => console.log('caught:', reason));
});
// The same inside a postTask task: the checkpoint inside the callback invocation queues the
// notification task when the callback returns, after the task posted by the callback, which is
// older in the same band and handles the promise first.
scheduler.postTask(() => {
  const q = Promise.reject('rejected in a task');
  scheduler.postTask(() => q.catch(() => console.log('caught the task rejection')));
});
