// flags: --virtual-time
// A worker's interface objects are made when used: its global still shows WebIDL's data
// properties, and the message event the host dispatches there is of its MessageEvent.
const worker = new Worker('resources/lazy_interfaces_worker.js');
worker.onmessage = ({ data }) => {
  for (const [k, v] of Object.entries(data)) console.log(`${k}: ${v}`);
  worker.terminate();
};
worker.postMessage('go');
