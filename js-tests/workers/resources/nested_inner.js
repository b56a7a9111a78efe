// The innermost worker: its location is resolved against its creator's script.
onmessage = ({ data }) => postMessage(`${self.name} got ${data} at ${location.pathname}`);
