// The web globals exist on dedicated and shared worker globals too, not only on the window.
const worker = new Worker('resources/globals_worker.js');
worker.onmessage = ({ data }) => {
  console.log('dedicated:', data);
  worker.terminate();
  const shared = new SharedWorker('resources/globals_worker.js');
  shared.port.onmessage = ({ data }) => {
    console.log('shared:', data);
    shared.port.close();
  };
};
