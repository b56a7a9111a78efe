// A task that queues microtasks and promise chains, then awaits scheduler.yield(); the continuation
// queues more. The first task's chains run in the checkpoint of "clean up after running script" (HTML,
// step 3) when WebIDL's "invoke a callback function" returns. The continuation is resumed from the
// microtask checkpoint after the yield task, and runs before other tasks of the same priority.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

scheduler.postTask(async () => {
  log.push('task: start');
  queueMicrotask(() => log.push('task: microtask'));
  Promise.resolve()
    .then(() => log.push('task: reaction 1'))
    .then(() => log.push('task: reaction 2'))
    .then(() => log.push('task: reaction 3'));
  await scheduler.yield();
  log.push('continuation: start');
  queueMicrotask(() => log.push('continuation: microtask'));
  Promise.resolve()
    .then(() => log.push('continuation: reaction 1'))
    .then(() => log.push('continuation: reaction 2'));
  return 'done';
}).then((v) => log.push(`postTask promise settled with ${v}`));

scheduler.postTask(() => {
  log.push('other user-visible task');
  Promise.resolve().then(() => log.push('other task: reaction'));
});

setTimeout(finish, 100);
