// Two windows on one event loop: the page and an iframe, each with its own `scheduler`.
// Run: taskhost run examples/iframes.js   (add --log-tasks to see which window each task is for)
const iframe = document.createElement('iframe');
document.body.appendChild(iframe); // an about:blank frame: its window exists at once
const frame = iframe.contentWindow;
console.log('the frame has its own scheduler:', frame.scheduler !== scheduler);

// One event loop, one enqueue order: equal priorities run in posting order across both
// schedulers, and a higher priority runs first, whichever window posted it.
const done = Promise.all([
  scheduler.postTask(() => console.log('  page:  render (user-visible)')),
  frame.scheduler.postTask(() => console.log('  frame: ad script (user-visible)')),
  frame.scheduler.postTask(() => console.log('  frame: analytics (background)'), { priority: 'background' }),
  scheduler.postTask(() => console.log('  page:  input (user-blocking)'), { priority: 'user-blocking' }),
]);

done.then(async () => {
  // The continuation state is kept per scheduler: yielding to the scheduler that ran the task
  // keeps its priority; yielding to another window's scheduler does not.
  await scheduler.postTask(async () => {
    scheduler.postTask(() => console.log('  a user-visible task posted before the yields'));
    await frame.scheduler.yield();
    console.log('  resumed after frame.scheduler.yield(): a user-visible continuation, first');
    await scheduler.yield();
    console.log('  resumed after scheduler.yield(): still background, so after that task');
  }, { priority: 'background' });

  // Removing the iframe detaches its window: its pending tasks never run, and its scheduler
  // refuses new work.
  frame.scheduler.postTask(() => console.log('never printed'));
  iframe.remove();
  // (Observed with .then(): awaiting it would go through a job of the removed frame's realm,
  // and such jobs no longer run.)
  frame.scheduler.yield().then(null, (e) => {
    console.log('after removal, frame.scheduler.yield() rejects:', e.name, e instanceof frame.DOMException);
  });
});
