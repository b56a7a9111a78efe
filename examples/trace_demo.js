// explore: skip: its tasks busy-wait on the real clock, which decides where its timer falls.
// A small page's worth of scheduling, to look at in Perfetto:
//   taskhost run examples/trace_demo.js --trace trace.json   (open it in ui.perfetto.dev), or:
//   taskhost run examples/trace_demo.js --log-tasks
// A click (user-blocking) re-prioritises a prefetch and cancels a task; a render and a timer share
// the normal band; background analytics yields between chunks. docs/TRACING.md walks through it.
// Busy work that takes `ms` of real time (under --virtual-time the clock stands still while a task
// runs, so there is nothing to spend).
const work = (ms) => {
  if (taskhost.virtualTime) return;
  const end = performance.now() + ms;
  while (performance.now() < end);
};

async function analytics() {
  for (let chunk = 1; chunk <= 3; chunk++) {
    work(2);
    console.log(`analytics chunk ${chunk}`);
    await scheduler.yield(); // resumes as a background continuation
  }
}

const prefetch = new TaskController({ priority: 'background' });
const cancellable = new AbortController();

scheduler.postTask(analytics, { priority: 'background' });
scheduler.postTask(function prefetchImages() {
  work(1);
  console.log('prefetch images');
}, { signal: prefetch.signal });
scheduler.postTask(() => console.log('never runs'), { signal: cancellable.signal })
  .catch((e) => console.log('cancelled:', e.name));
scheduler.postTask(function render() {
  work(3);
  console.log('render');
});
setTimeout(function tick() { console.log('timer'); }, 1);
scheduler.postTask(function onClick() {
  work(1);
  console.log('click handled');
  prefetch.setPriority('user-visible');
  cancellable.abort();
}, { priority: 'user-blocking' });
