// flags: --virtual-time --max-workers 1
// The same on the virtual clock, where agents take turns: a waiting worker takes none until it
// has a place, and then starts like any other.
let started = 0;
for (let i = 0; i < 3; i++) {
  const worker = new Worker('resources/limited_worker.js');
  worker.onmessage = () => {
    console.log('worker', i, 'started at', performance.now() >= 0);
    started++;
    worker.postMessage('close');
  };
}
