// flags: --virtual-time
// status: 1
// Nobody handles the worker's exception: it is reported as if it had happened in the window
// (an `error` event at the window, then the console), and the exit status is 1.
globalThis.addEventListener('error', (event) => {
  console.log('window error event:', event.message, event.error);
});
const worker = new Worker('resources/throwing_worker.js');
worker.addEventListener('error', (event) => {
  console.log('Worker error event, not canceled:', event.message);
});
