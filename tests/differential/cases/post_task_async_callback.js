// The same shape as post_task_microtasks.js with an async callback: its result is a promise, so the
// scheduler's "run the task" resolves the postTask promise with a thenable, which costs two more
// microtask ticks (NewPromiseResolveThenableJob, then the reaction). Those ticks start only after the
// microtask checkpoint of "clean up after running script" (HTML, step 3), reached when WebIDL's
// "invoke a callback function" returns: by then the callback's own chains have all run.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

scheduler.postTask(async () => {
  queueMicrotask(() => log.push('microtask queued by the callback'));
  Promise.resolve()
    .then(() => log.push('reaction 1'))
    .then(() => log.push('reaction 2'))
    .then(() => log.push('reaction 3'))
    .then(() => log.push('reaction 4'));
  return 'v';
}).then((v) => log.push(`postTask promise (async, no await) settled with ${v}`));

scheduler.postTask(async () => {
  log.push('second callback: before await');
  Promise.resolve()
    .then(() => log.push('second: reaction 1'))
    .then(() => log.push('second: reaction 2'))
    .then(() => log.push('second: reaction 3'));
  await null;
  log.push('second callback: after await');
  queueMicrotask(() => log.push('second: microtask queued after await'));
  return 'w';
}).then((v) => log.push(`postTask promise (async, one await) settled with ${v}`));

setTimeout(finish, 100);
