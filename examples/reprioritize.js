// flags: --virtual-time
// Re-prioritising work with a TaskController: images are prefetched in the background until the
// user scrolls to them; then setPriority moves every pending task of that controller at once
// (the queue moves, not the tasks), and the prioritychange event reports it.
// Run it: taskhost run examples/reprioritize.js
const prefetch = new TaskController({ priority: 'background' });
prefetch.signal.addEventListener('prioritychange', (e) => {
  console.log(`prioritychange: ${e.previousPriority} -> ${prefetch.signal.priority}`);
});
for (const image of ['a.png', 'b.png', 'c.png']) {
  scheduler.postTask(() => console.log(`decode ${image}`), { signal: prefetch.signal });
}
scheduler.postTask(() => console.log('update the page (user-visible)'));
scheduler.postTask(() => console.log('the user scrolled: images are needed now'), { priority: 'user-blocking' })
  .then(() => prefetch.setPriority('user-blocking'));
