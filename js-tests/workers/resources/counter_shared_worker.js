// A shared worker: counts its connections and answers each port.
let connections = 0;
onconnect = ({ ports, source }) => {
  connections += 1;
  const port = ports[0];
  const number = connections;
  port.onmessage = ({ data }) => {
    port.postMessage(`${self.name || '(no name)'} #${number} of ${connections}: ${data}, source is the port: ${source === port}`);
  };
};
