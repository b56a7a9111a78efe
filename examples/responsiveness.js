// flags: --virtual-time
// explore: skip: it measures latencies under the documented policy (input first, then the frame after it); other task-source orders are the user agent's to choose and give other latencies.
// How long a click waits behind your work, measured: the same 300 ms of work run as one long
// task, then chunked with `await scheduler.yield()`, while a user clicks a button. The work's
// cost is simulated with taskhost.clock.busy(ms), so under --virtual-time the times are exact
// and every run prints the same INPs.
// Run it: taskhost run --virtual-time examples/responsiveness.js
// (add --inp for taskhost's own summary: each interaction's parts and the task that delayed it)

const button = document.body.appendChild(document.createElement('button'));
button.id = 'save';
button.addEventListener('click', () => taskhost.clock.busy(8)); // the click's own work: 8 ms

// Event Timing: one entry per event of an interaction; an interaction's latency is its longest
// entry's duration (from the input to the next paint after it was handled, 8 ms granularity).
const interactions = new Map();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.interactionId) continue;
    const seen = interactions.get(entry.interactionId) ?? { latency: 0 };
    seen.latency = Math.max(seen.latency, entry.duration);
    if (entry.name === 'click') seen.click = entry;
    interactions.set(entry.interactionId, seen);
  }
}).observe({ type: 'event', durationThreshold: 16, buffered: true });

function report(label) {
  const worst = [...interactions.values()].reduce((a, b) => (b.latency > a.latency ? b : a));
  interactions.clear();
  const { startTime, processingStart, processingEnd } = worst.click;
  console.log(`${label}: INP ${worst.latency} ms`);
  console.log(`  the click happened at ${startTime} ms; its listener ran from ${processingStart}` +
    ` to ${processingEnd} ms (input delay ${processingStart - startTime} ms)`);
}

const CHUNKS = 30; // 30 chunks of 10 ms

// 1. The work as one task: the click at 50 ms waits until the task ends at 300 ms.
scheduler.postTask(() => {
  for (let i = 0; i < CHUNKS; i++) taskhost.clock.busy(10);
});
taskhost.input.click(button, { at: 50 });
setTimeout(() => report('one 300 ms task'), 600);

// 2. The same work in chunks: after each chunk the task yields; the click (input runs first) and
//    the frame that shows its response (rendering goes first after input) run between chunks.
setTimeout(() => {
  scheduler.postTask(async () => {
    for (let i = 0; i < CHUNKS; i++) {
      taskhost.clock.busy(10);
      await scheduler.yield();
    }
  });
  taskhost.input.click(button, { at: 1055 });
  setTimeout(() => report('30 chunks of 10 ms with scheduler.yield()'), 600);
}, 1000);
