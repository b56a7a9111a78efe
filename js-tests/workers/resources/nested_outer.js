// A worker that starts its own worker, and relays what it says.
const inner = new Worker('nested_inner.js', { name: 'inner' });
inner.onmessage = ({ data }) => postMessage(`outer (${self.name}) relays: ${data}`);
onmessage = ({ data }) => inner.postMessage(data);
