// flags: --max-workers 2
// With at most 2 workers running, 5 created at once start two at a time: a waiting worker starts
// when a running one ends (here: closes itself when told to). Every one starts, the warning
// names the limit once, and the run ends cleanly.
const count = 5;
let started = 0;
for (let i = 0; i < count; i++) {
  const worker = new Worker('resources/limited_worker.js');
  worker.onmessage = () => {
    started++;
    worker.postMessage('close');
    if (started === count) console.log('all', count, 'workers started');
  };
}
