// dispatchEvent called from script runs the listeners synchronously, inside that script: "clean up
// after running script" (HTML, step 3) after each listener finds the JavaScript execution context stack
// not empty, so no microtask checkpoint happens between listeners. Listener 1 queues a microtask;
// listener 2 reports whether it has run yet. Checked from the top-level script and from a postTask task.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

const target = new EventTarget();
let microtaskRan = false;
target.addEventListener('ping', (e) => {
  log.push(`${e.detail}: listener 1`);
  microtaskRan = false;
  queueMicrotask(() => {
    microtaskRan = true;
    log.push(`${e.detail}: microtask queued by listener 1`);
  });
  Promise.resolve().then(() => log.push(`${e.detail}: reaction queued by listener 1`));
});
target.addEventListener('ping', (e) => {
  log.push(`${e.detail}: listener 2, microtask already ran: ${microtaskRan}`);
});

target.dispatchEvent(new CustomEvent('ping', { detail: 'from script' }));
log.push('from script: dispatchEvent returned');

scheduler.postTask(() => {
  target.dispatchEvent(new CustomEvent('ping', { detail: 'from a task' }));
  log.push('from a task: dispatchEvent returned');
  return 'v';
}).then((v) => log.push(`postTask promise settled with ${v}`));

setTimeout(finish, 100);
