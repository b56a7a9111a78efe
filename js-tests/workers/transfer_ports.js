// flags: --virtual-time
// MessagePorts move into a worker, out of a worker, and through a worker into its own worker;
// an entangled pair split across threads delivers on the receiver's posted-message source.
const worker = new Worker('resources/port_worker.js');
const first = new MessageChannel();
const third = new MessageChannel();
let left = 3;
const finish = () => {
  if (--left === 0) worker.terminate();
};
first.port1.onmessage = ({ data }) => {
  console.log('main port1:', data);
  first.port1.close();
  finish();
};
third.port1.onmessage = ({ data }) => {
  console.log('main third:', data);
  third.port1.close();
  finish();
};
worker.onmessage = ({ data, ports }) => {
  console.log('main:', data, 'with', ports.length, 'port');
  const [port] = ports;
  port.onmessage = ({ data }) => {
    console.log('main, on the port from the worker:', data);
    port.close();
    finish();
  };
  port.postMessage('hi');
};
worker.postMessage('port in', [first.port2]);
worker.postMessage('pass on', [third.port2]);
