// flags: --virtual-time
// Aborting scheduled work: one controller cancels a batch of pending tasks; their promises reject
// with the reason given to abort(), and the tasks never run.
// Run it: taskhost run examples/aborting.js
const search = new TaskController();
const results = ['fetch', 'rank', 'render'].map((step) =>
  scheduler.postTask(() => console.log(`${step} (should not run)`), { signal: search.signal }));
scheduler.postTask(() => console.log('the user typed again: cancel the old search'), { priority: 'user-blocking' })
  .then(() => search.abort(new Error('superseded')));
Promise.allSettled(results).then((outcomes) => {
  for (const o of outcomes) console.log(o.status, '-', o.reason.message);
});
