// Receives a port from its creator, answers on it, and sends a port of its own back; passes a
// third port on to a nested worker.
onmessage = ({ data, ports }) => {
  if (data === 'port in') {
    ports[0].postMessage('answer on the transferred port');
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      channel.port1.postMessage(`worker heard: ${data}`);
    };
    postMessage('port out', [channel.port2]);
  } else if (data === 'pass on') {
    const inner = new Worker('port_leaf.js');
    inner.postMessage('port for you', [ports[0]]);
  }
};
