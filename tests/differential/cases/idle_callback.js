// An idle callback that queues a promise chain and then posts a task whose callback queues chains too.
// The idle callback is invoked with WebIDL's "invoke a callback function", so its chain runs in the
// checkpoint of "clean up after running script" (HTML, step 3); the posted task's chains run in its own
// checkpoint, before "run the task" resolves the postTask promise with the callback's result.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

requestIdleCallback(() => {
  log.push('idle callback');
  Promise.resolve()
    .then(() => log.push('idle: reaction 1'))
    .then(() => log.push('idle: reaction 2'))
    .then(() => log.push('idle: reaction 3'));
  scheduler.postTask(() => {
    log.push('task posted by the idle callback');
    Promise.resolve()
      .then(() => log.push('task: reaction 1'))
      .then(() => log.push('task: reaction 2'));
    return 'v';
  }).then((v) => {
    log.push(`postTask promise settled with ${v}`);
    setTimeout(finish, 0);
  });
  queueMicrotask(() => log.push('idle: microtask queued after posting'));
});
