// A worker's worker: answers on the port it was given.
onmessage = ({ ports }) => ports[0].postMessage('hello from a nested worker');
