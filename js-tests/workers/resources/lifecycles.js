// Starts and terminates `taskhost.args[0]` workers one after the other, each with pending work
// left behind (tests/workers.rs: the process's peak memory must not grow with the count).
const total = Number(taskhost.args[0]);
let ended = 0;
function next() {
  const worker = new Worker('pending_worker.js');
  worker.onmessage = () => {
    worker.terminate();
    if (++ended < total) next();
    else console.log('ended', ended);
  };
}
next();
