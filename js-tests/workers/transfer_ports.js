// flags: --virtual-time
// MessagePorts move into a worker, out of a worker, and through a worker into its own worker;
// an entangled pair split across threads delivers on the receiver's posted-message source.
// The last two messages come from different threads (the worker and its nested worker): which
// arrives first is the user agent's choice, so they are printed in sorted order at the end.
const worker = new Worker('resources/port_worker.js');
const first = new MessageChannel();
const third = new MessageChannel();
let left = 3;
const last = [];
const finish = () => {
  if (--left === 0) {
    for (const line of last.sort()) console.log(line);
    worker.terminate();
  }
};
first.port1.onmessage = ({ data }) => {
  console.log('main port1:', data);
  first.port1.close();
  finish();
};
third.port1.onmessage = ({ data }) => {
  last.push(`main third: ${data}`);
  third.port1.close();
  finish();
};
worker.onmessage = ({ data, ports }) => {
  console.log('main:', data, 'with', ports.length, 'port');
  const [port] = ports;
  port.onmessage = ({ data }) => {
    last.push(`main, on the port from the worker: ${data}`);
    port.close();
    finish();
  };
  port.postMessage('hi');
};
worker.postMessage('port in', [first.port2]);
worker.postMessage('pass on', [third.port2]);
