// A timer callback that queues promise chains and then posts a task whose callback queues chains too.
// The timer handler is invoked with WebIDL's "invoke a callback function", so its chains run in the
// checkpoint of "clean up after running script" (HTML, step 3); the posted task's chains run in its own
// checkpoint, before "run the task" resolves the postTask promise with the callback's result.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

setTimeout(() => {
  log.push('timer callback');
  Promise.resolve()
    .then(() => log.push('timer: reaction 1'))
    .then(() => log.push('timer: reaction 2'))
    .then(() => log.push('timer: reaction 3'));
  scheduler.postTask(() => {
    log.push('task posted by the timer');
    queueMicrotask(() => log.push('task: microtask'));
    Promise.resolve()
      .then(() => log.push('task: reaction 1'))
      .then(() => log.push('task: reaction 2'));
    return 'v';
  }, { priority: 'user-blocking' }).then((v) => {
    log.push(`postTask promise settled with ${v}`);
    setTimeout(finish, 0);
  });
  queueMicrotask(() => log.push('timer: microtask queued after posting'));
}, 0);
