// A script element inserted by script whose `src` is empty fires error from a task, never while
// it is being inserted: HTML "prepare the script element" step 31 queues an element task on the
// DOM manipulation task source to fire it. So the microtasks of the animation frame callback that
// inserted it run first, and the next callback of the same frame too; and the task that reports
// the frame's unhandled rejection (queued by the microtask checkpoint after the first callback,
// after the first error task) fires unhandledrejection between the two error events. (Derived
// from upstream's html/webappapis/scripting/processing-model-2/unhandled-promise-rejections/
// promise-resolution-order.html.)
const log = [];
addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  log.push('unhandledrejection');
});
function insert(id) {
  const script = document.createElement('script');
  script.setAttribute('src', '');
  script.addEventListener('error', () => {
    log.push(`error ${id}`);
    if (id === 2) setTimeout(() => console.log([...log, 'end'].join('\n')), 50);
  });
  script.addEventListener('load', () => log.push(`load ${id}`));
  document.documentElement.append(script);
  log.push(`inserted ${id}`);
}
requestAnimationFrame(() => {
  log.push('frame callback 1');
  Promise.reject(new Error('rejected in frame callback 1'));
  Promise.resolve().then(() => log.push('frame callback 1: microtask'));
  insert(1);
});
requestAnimationFrame(() => {
  log.push('frame callback 2');
  Promise.resolve().then(() => log.push('frame callback 2: microtask'));
  insert(2);
});
