// `await scheduler.postTask(...)` inside another postTask callback. The inner task's callback queues
// promise chains; they all run in the checkpoint of "clean up after running script" (HTML, step 3) when
// WebIDL's "invoke a callback function" returns, before "run the task" resolves the inner promise, and
// so before the outer callback resumes. The outer callback's own chains likewise run before the inner
// task is even started (they belong to the outer task's checkpoint).
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

scheduler.postTask(async () => {
  log.push('outer: start');
  Promise.resolve()
    .then(() => log.push('outer: reaction 1'))
    .then(() => log.push('outer: reaction 2'));
  const v = await scheduler.postTask(() => {
    log.push('inner: runs');
    queueMicrotask(() => log.push('inner: microtask'));
    Promise.resolve()
      .then(() => log.push('inner: reaction 1'))
      .then(() => log.push('inner: reaction 2'))
      .then(() => log.push('inner: reaction 3'));
    return 'inner value';
  });
  log.push(`outer: resumed with ${v}`);
  Promise.resolve()
    .then(() => log.push('outer: reaction after resuming 1'))
    .then(() => log.push('outer: reaction after resuming 2'));
  return 'outer value';
}).then((v) => log.push(`outer postTask promise settled with ${v}`));

scheduler.postTask(() => log.push('sibling task posted by the script'));

setTimeout(finish, 100);
