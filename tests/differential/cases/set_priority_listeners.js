// controller.setPriority() called from script fires prioritychange at the signal synchronously, inside
// that script: "clean up after running script" (HTML, step 3) after each listener finds the JavaScript
// execution context stack not empty, so there is no microtask checkpoint between listeners. Listener 1
// queues a microtask; listener 2 reports whether it has run yet. From the top-level script and a task.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

const controller = new TaskController({ priority: 'user-visible' });
let microtaskRan = false;
controller.signal.addEventListener('prioritychange', (e) => {
  log.push(`listener 1: ${e.previousPriority} -> ${e.target.priority}`);
  microtaskRan = false;
  queueMicrotask(() => {
    microtaskRan = true;
    log.push(`microtask queued by listener 1 (${e.target.priority})`);
  });
});
controller.signal.addEventListener('prioritychange', (e) => {
  log.push(`listener 2: microtask already ran: ${microtaskRan}`);
});

controller.setPriority('background');
log.push('script: setPriority returned');

scheduler.postTask(() => {
  controller.setPriority('user-blocking');
  log.push('task: setPriority returned');
  return 'v';
}).then((v) => log.push(`postTask promise settled with ${v}`));

setTimeout(finish, 100);
