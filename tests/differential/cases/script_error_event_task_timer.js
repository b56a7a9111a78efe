// As script_error_event_task.js, from a timer callback instead of animation frame callbacks: a
// script element inserted with an empty `src` fires error from a task queued while it is inserted
// (HTML "prepare the script element" step 31), before the task that reports the promise the same
// callback rejected (queued by the microtask checkpoint after the callback).
const log = [];
addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  log.push('unhandledrejection');
});
setTimeout(() => {
  log.push('timer');
  Promise.reject(new Error('rejected in the timer callback'));
  Promise.resolve().then(() => log.push('timer: microtask'));
  const script = document.createElement('script');
  script.setAttribute('src', '');
  script.addEventListener('error', () => log.push('error'));
  document.documentElement.append(script);
  log.push('inserted');
  setTimeout(() => console.log([...log, 'end'].join('\n')), 50);
}, 0);
