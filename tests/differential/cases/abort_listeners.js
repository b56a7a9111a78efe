// controller.abort() called from script runs the signal's abort algorithms (rejecting the pending
// postTask promise) and fires abort at it synchronously, inside that script: "clean up after running
// script" (HTML, step 3) after each listener finds the JavaScript execution context stack not empty,
// so no microtask checkpoint happens between listeners. From the top-level script and from a task.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

function watch(name, controller) {
  let microtaskRan = false;
  controller.signal.addEventListener('abort', () => {
    log.push(`${name}: listener 1`);
    queueMicrotask(() => {
      microtaskRan = true;
      log.push(`${name}: microtask queued by listener 1`);
    });
  });
  controller.signal.addEventListener('abort', () => {
    log.push(`${name}: listener 2, microtask already ran: ${microtaskRan}`);
  });
  scheduler.postTask(() => log.push(`${name}: aborted task ran`), { signal: controller.signal })
    .catch((e) => log.push(`${name}: postTask promise rejected with ${e.name}`));
}

const first = new TaskController();
watch('from script', first);
first.abort();
log.push('from script: abort returned');

const second = new TaskController();
watch('from a task', second);
scheduler.postTask(() => {
  second.abort();
  log.push('from a task: abort returned');
  return 'v';
}, { priority: 'user-blocking' }).then((v) => log.push(`aborting task's promise settled with ${v}`));

setTimeout(finish, 100);
