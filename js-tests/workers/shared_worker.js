// flags: --virtual-time
// explore: skip: the order it checks between task sources (a shared worker's connect events and messages) is the documented policy's; HTML's event loop leaves it to the user agent.
// One SharedWorker per script URL and name: two constructors with the same name reach the same
// worker (two connections), another name starts another worker.
const a = new SharedWorker('resources/counter_shared_worker.js', 'one');
const b = new SharedWorker('resources/counter_shared_worker.js', { name: 'one' });
const c = new SharedWorker('resources/counter_shared_worker.js', 'two');
const answers = [];
for (const [label, worker] of [['a', a], ['b', b], ['c', c]]) {
  worker.port.onmessage = ({ data }) => {
    answers.push(`${label}: ${data}`);
    if (answers.length === 3) {
      for (const line of answers.sort()) console.log(line);
      for (const w of [a, b, c]) w.port.close();
    }
  };
  worker.port.postMessage(`hello from ${label}`);
}
console.log(a.port instanceof MessagePort, a.port === a.port, a instanceof EventTarget);
