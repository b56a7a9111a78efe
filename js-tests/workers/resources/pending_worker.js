// Leaves work pending: a delayed task, an interval, a timer, and a promise that only a later
// task would settle.
scheduler.postTask(() => console.log('never: delayed task'), { delay: 1000 })
  .then(() => console.log('never: its promise settles'), () => console.log('never: rejected'));
setInterval(() => console.log('never: interval'), 500);
new Promise((resolve) => setTimeout(resolve, 100)).then(() => console.log('never: timer promise'));
onmessage = ({ data }) => console.log('never: got', data);
postMessage('pending work queued');
postMessage('never delivered: the creator terminates the worker on the first message');
