// Removing an iframe destroys its child navigable: its document is no longer fully active, so
// tasks queued for it are not runnable (HTML event loop "runnable") and never run — scheduler
// tasks, timers. A scheduler of such a document rejects yield() and postTask() with a
// NotSupportedError of its own realm (Chromium's behaviour, which upstream
// scheduler/tentative/yield/yield-then-detach.html checks). A TaskController made in the removed
// frame still works with the parent's scheduler: signals are not tied to a document.
const log = [];
const container = document.body ?? document.documentElement;
const iframe = container.appendChild(document.createElement('iframe'));
const w = iframe.contentWindow;
const FrameDOMException = w.DOMException; // (read while the frame is attached)
let ran = [];
w.scheduler.postTask(() => ran.push('postTask'));
w.scheduler.postTask(() => ran.push('delayed postTask'), { delay: 1 });
w.setTimeout(() => ran.push('setTimeout'), 0);
const yieldOf = w.scheduler.yield.bind(w.scheduler);
const postTaskOf = w.scheduler.postTask.bind(w.scheduler);
const controller = new w.TaskController({ priority: 'background' });
container.removeChild(iframe);
log.push(`contentWindow after removal: ${iframe.contentWindow}`);

// (The frame's promises are observed with this window's functions: their reaction jobs belong to
// this realm. Whether a job of the removed frame's realm runs is where taskhost follows HTML and
// Chromium does not: js-tests/realms/detached_promise_jobs.js.)
const rejected = (label, promise) => new Promise((resolve) => promise.then(
  () => { log.push(`${label}: resolved`); resolve(); },
  (e) => { log.push(`${label}: ${e.name}, the frame's DOMException: ${e instanceof FrameDOMException}`); resolve(); }));

Promise.all([
  rejected('yield() of the removed frame', yieldOf()),
  rejected('postTask() of the removed frame', postTaskOf(() => ran.push('posted after removal'))),
  scheduler.postTask(() => log.push('parent task with the frame\'s background signal'), { signal: controller.signal }),
  scheduler.postTask(() => log.push('parent user-visible task')),
]).then(() => {
  controller.setPriority('user-blocking');
  const moved = scheduler.postTask(() => log.push('after setPriority: the frame\'s signal, now user-blocking'), { signal: controller.signal });
  const other = scheduler.postTask(() => log.push('after setPriority: a user-visible task posted first'));
  return Promise.all([moved, other]);
}).then(() => {
  setTimeout(() => {
    log.push(`tasks of the removed frame that ran: [${ran.join(', ')}]`);
    console.log([...log, 'end'].join('\n'));
  }, 20);
});
