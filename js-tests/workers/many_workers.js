// 250 workers created at once, each answering one message: all start, all answer, and the
// process ends when they are idle. (1,000 behave the same; see docs/WORKERS.md for its cost.)
const count = 250;
let answered = 0;
for (let i = 0; i < count; i++) {
  const worker = new Worker('resources/echo_worker.js');
  worker.onmessage = ({ data }) => {
    if ('echo' in data && ++answered === count) console.log('all', count, 'workers answered');
  };
  worker.postMessage(i);
}
