// Leaves work pending: a delayed task, an interval, a timer, and a promise that only a later
// task would settle. Their delays are far longer than any machine takes to terminate the worker
// (a 100 ms timer fired on a loaded machine before the creator got to terminate it).
scheduler.postTask(() => console.log('never: delayed task'), { delay: 600_000 })
  .then(() => console.log('never: its promise settles'), () => console.log('never: rejected'));
setInterval(() => console.log('never: interval'), 600_000);
new Promise((resolve) => setTimeout(resolve, 600_000)).then(() => console.log('never: timer promise'));
onmessage = ({ data }) => console.log('never: got', data);
postMessage('pending work queued');
postMessage('never delivered: the creator terminates the worker on the first message');
