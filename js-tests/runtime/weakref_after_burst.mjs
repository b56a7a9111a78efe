// explore: skip: its subject is when the collector runs, not the order of tasks, and one run takes half a second
// Garbage is collected on the engine's own schedule after a burst, and a WeakRef whose target is
// dereferenced once per task lets the target go.
//
// Boa collects when its heap passes a threshold that only grows: after 200,000 pending tasks it
// is far above what a chain of small tasks makes, so without the host's collection pace nothing
// is collected for more than 60,000 tasks after the burst. The pace collects once the heap grew
// 43% past what was live after the last collection, as the engine does in a fresh runtime, and
// prefers the end of a task's checkpoint, where the objects kept alive for `deref()` until the
// end of the job have been released (ClearKeptObjects): a pace that collected between
// microtasks at once would find the target kept every time, and it would never go.
// (Measured: without the pace, or collecting between microtasks, the target is still alive
// after 60,000 tasks; with it, it goes after about 27,000.)

const noop = () => {};
let last;
for (let i = 0; i < 200000; i++) last = scheduler.postTask(noop);
await last;

function makeRef() {
  return new WeakRef({ items: new Array(100).fill(0) });
}
const ref = makeRef();
const limit = 60000;
let collectedAt = -1;
for (let i = 0; i < limit; i++) {
  await scheduler.postTask(() => ({ values: [i, i + 1], text: "x" + i }));
  if (ref.deref() === undefined) {
    collectedAt = i;
    break;
  }
}
console.log(
  collectedAt >= 0
    ? `the target was collected within ${limit} tasks after the burst`
    : `the target was still alive after ${limit} tasks`,
);
