// flags: --virtual-time
// close() inside a worker: messages posted in the closing task arrive (HTML disentangles the
// worker's ports, it does not empty the creator's queues); its queued tasks and timers never
// run.
const worker = new Worker('resources/closing_worker.js');
worker.onmessage = ({ data }) => console.log(data);
setTimeout(() => console.log('window: done'), 100);
