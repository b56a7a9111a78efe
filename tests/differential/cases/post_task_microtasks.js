// A postTask callback that queues a microtask and a three-step promise chain, then returns a value.
// WebIDL "invoke a callback function" ends with HTML "clean up after running script", whose step 3
// performs a microtask checkpoint when the JavaScript execution context stack is empty; only then does
// the scheduler's "run the task" resolve the postTask promise with the callback's result. So every
// microtask the callback queued, and every one those queued, runs before the promise settles.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

scheduler.postTask(() => {
  queueMicrotask(() => log.push('microtask queued by the callback'));
  Promise.resolve()
    .then(() => log.push('reaction 1'))
    .then(() => log.push('reaction 2'))
    .then(() => log.push('reaction 3'));
  return 'v';
}).then((v) => log.push(`postTask promise settled with ${v}`));

setTimeout(finish, 100);
