// postTask: tasks run by priority, FIFO within a priority; the promise gets the callback's
// result, its rejection, or adopts a returned promise.
const log = [];
const done = [];
for (const priority of ['background', 'user-visible', 'user-blocking']) {
  for (const n of [1, 2]) {
    done.push(scheduler.postTask(() => { log.push(`${priority} ${n}`); return n; }, { priority }));
  }
}
done.push(scheduler.postTask(() => log.push('default priority (user-visible) 3')));
Promise.all(done).then((results) => {
  console.log(log.join('\n'));
  console.log('results:', results.join(','));
});
scheduler.postTask(() => { throw new RangeError('from the callback'); })
  .catch((e) => console.log('a throwing callback rejects its promise:', e.name, e.message));
scheduler.postTask(() => new Promise((resolve) => setTimeout(() => resolve('adopted'), 5)))
  .then((v) => console.log('a returned promise is adopted:', v));
scheduler.postTask(() => ({ then(resolve) { resolve('thenable'); } }))
  .then((v) => console.log('a returned thenable is adopted:', v));
