// Messages between threads keep their order in each direction (one port message queue per
// port), while both sides post at once.
const worker = new Worker('resources/echo_worker.js');
const echoes = [];
const own = [];
worker.onmessage = ({ data }) => {
  if ('echo' in data) echoes.push(data.echo);
  else own.push(data.own);
  if (echoes.length === 200) {
    const inOrder = (list) => list.every((v, i) => v === i);
    console.log('echoes', echoes.length, 'in order:', inOrder(echoes));
    console.log('own', own.length, 'in order:', inOrder(own));
    worker.terminate();
  }
};
for (let i = 0; i < 200; i++) worker.postMessage(i);
