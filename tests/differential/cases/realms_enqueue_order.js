// Two windows, one event loop: an iframe's scheduler and its parent's share the event loop's
// enqueue order and are selected together (Prioritized Task Scheduling §2.4.2 "schedule a task to
// invoke an algorithm", steps 3–5: the enqueue order is the event loop's; "select the next
// scheduler task queue from all schedulers"). Tasks of equal priority run in the order they were
// posted, whichever scheduler took them; a higher priority runs first whichever scheduler took it.
// Derived from the behaviour upstream scheduler/post-task-multiple-scheduler-order.window.js checks.
const log = [];
const container = document.body ?? document.documentElement;
const iframe = document.createElement('iframe');
let loadedDuringInsertion = false;
iframe.onload = () => { loadedDuringInsertion = true; };
container.appendChild(iframe);
const inner = iframe.contentWindow.scheduler;
log.push(`about:blank iframe load fired inside appendChild: ${loadedDuringInsertion}`);
log.push(`each window has its own scheduler: ${inner !== scheduler}`);

const tasks = [
  scheduler.postTask(() => log.push('outer 1 (user-visible)')),
  inner.postTask(() => log.push('inner 1 (user-visible)')),
  scheduler.postTask(() => log.push('outer 2 (user-visible)')),
  inner.postTask(() => log.push('inner 2 (background)'), { priority: 'background' }),
  scheduler.postTask(() => log.push('outer 3 (background)'), { priority: 'background' }),
  inner.postTask(() => log.push('inner 3 (user-blocking)'), { priority: 'user-blocking' }),
  scheduler.postTask(() => log.push('outer 4 (user-blocking)'), { priority: 'user-blocking' }),
];
Promise.all(tasks).then(() => console.log([...log, 'end'].join('\n')));
