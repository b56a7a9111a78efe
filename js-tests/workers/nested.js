// flags: --virtual-time
// A worker spawning a worker: URLs resolve against the creating worker's script, messages go
// two hops each way, and terminating the outer worker ends the inner one with it.
const outer = new Worker('resources/nested_outer.js', { name: 'outer' });
outer.onmessage = ({ data }) => {
  console.log(data);
  outer.terminate();
};
outer.postMessage('ping');
