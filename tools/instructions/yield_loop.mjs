// A task that yields n times (bench case yield_loop).
const n = 20000;
let resumed = 0;
await scheduler.postTask(async () => {
  for (let i = 0; i < n; i++) {
    await scheduler.yield();
    resumed++;
  }
});
if (resumed !== n) throw new Error(`${resumed} of ${n} continuations ran`);
