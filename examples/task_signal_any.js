// flags: --virtual-time
// TaskSignal.any: one signal that aborts when either the user cancels or a timeout fires, and
// whose priority follows a TaskController's — the way a component combines a page-wide
// priority with its own cancellation.
// Run it: taskhost run examples/task_signal_any.js
const page = new TaskController({ priority: 'background' });
const userCancel = new AbortController();
const signal = TaskSignal.any([userCancel.signal, AbortSignal.timeout(100)], { priority: page.signal });
signal.onabort = () => console.log('combined signal aborted:', signal.reason.name ?? signal.reason);
signal.onprioritychange = () => console.log('combined signal follows the page priority:', signal.priority);

console.log('starts at', signal.priority);
scheduler.postTask(() => console.log('step 1 (ran)'), { signal });
page.setPriority('user-visible');
scheduler.postTask(() => console.log('step 2 (ran, 50 ms later)'), { signal, delay: 50 });
scheduler.postTask(() => console.log('step 3 (never: the timeout aborts it)'), { signal, delay: 200 })
  .catch((reason) => console.log('step 3 rejected with', reason.name));
