// flags: --virtual-time
// explore: skip: it prints the time a timer ran at, which timer padding and idle periods, the user agent's choices, change.
// terminate() with tasks, timers and an interval pending in the worker: none of them runs, their
// promises never settle, the worker's second message (queued at the Worker, not yet delivered)
// is dropped (HTML "terminate a worker" step 4 empties the outside port's queue), a message
// posted afterwards is dropped without an error, and the process exits as soon as the window has
// nothing left.
const worker = new Worker('resources/pending_worker.js');
worker.onmessage = ({ data }) => {
  console.log('worker says:', data);
  worker.terminate();
  worker.postMessage('after terminate');
  worker.terminate();
  setTimeout(() => console.log('window: still running at', performance.now(), 'ms'), 2000);
};
