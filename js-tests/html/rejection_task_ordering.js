// HTML "notify about rejected promises" runs as a task on the DOM manipulation task source,
// queued at the microtask checkpoint: tasks queued before it run first, those queued after
// run later; `rejectionhandled` is fired from a queued task, not at the `catch`. The task queue
// used here is <details>'s toggle task (also the DOM manipulation task source).
// (Derived from html/webappapis/scripting/processing-model-2/unhandled-promise-rejections/
// support/promise-rejection-events.js.)
const seq = [];
function queueTask(f) {
  const d = document.createElement('details');
  d.ontoggle = f;
  d.setAttribute('open', '');
}
const p1 = Promise.reject(new Error('one'));
let p2;
queueTask(() => {
  p2 = Promise.reject(new Error('two'));
  queueTask(() => seq.push('task queued after p2'));
});
addEventListener('unhandledrejection', (e) => {
  e.preventDefault();
  seq.push(e.promise === p1 ? 'unhandled p1' : e.promise === p2 ? 'unhandled p2' : 'unhandled other');
  if (e.promise === p2) {
    setTimeout(() => {
      queueTask(() => seq.push('task before catch'));
      p2.catch(() => seq.push('catch'));
      // The last task of the test prints: the same task source's FIFO puts it after every
      // task above, where a timer could run before them (the event loop may take either source).
      queueTask(() => {
        seq.push('task after catch');
        console.log(seq.join('\n'));
      });
      seq.push('after catch');
    });
  }
});
addEventListener('rejectionhandled', (e) => seq.push('rejectionhandled ' + (e.promise === p2 ? 'p2' : '?')));
