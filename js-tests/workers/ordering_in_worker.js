// flags: --virtual-time
// explore: skip: the order it checks between task sources (a worker's timers, messages and scheduler tasks) is the documented policy's; HTML's event loop leaves it to the user agent.
// The scheduler and the HTML task sources keep their order inside a worker's own event loop.
// The expected order is the one the same program gives in the window (checked by hand when
// this test was written): user-blocking first, then timers, messages and user-visible tasks in
// the order they were queued, then background.
const worker = new Worker('resources/order_worker.js');
worker.onmessage = ({ data }) => {
  for (const entry of data.log) console.log(entry);
  console.log('globals:', data.globals.join(' '));
  worker.terminate();
};
worker.postMessage('go');
