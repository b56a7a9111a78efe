// Moving work off the window's loop: a dedicated worker with its own event loop and scheduler.
// The worker splits a long computation with `scheduler.yield()` (so its own messages still get
// through), reports progress, and can be re-prioritised or cancelled from the window by message.
// Run: taskhost run examples/workers.js   (the worker is examples/workers/primes.js)
// explore: skip: whether the window's 'hurry' reaches the worker before its work ends decides the priority it reports, and how long a message between threads takes is the user agent's choice.

const worker = new Worker('workers/primes.js', { name: 'primes' });

worker.onmessage = ({ data }) => {
  if (data.progress !== undefined) {
    console.log(`progress: ${data.progress}%`);
    if (data.progress === 50) worker.postMessage({ command: 'hurry' });
  } else {
    console.log(`worker '${data.name}' found ${data.count} primes below ${data.limit}`);
    console.log(`its work ran at ${data.priority} priority in the end`);
    worker.terminate();
  }
};
worker.onerror = (event) => console.log('worker failed:', event.message);

// The window stays responsive: its own tasks run while the worker computes.
scheduler.postTask(() => console.log('window: a user-blocking task ran'), { priority: 'user-blocking' });
worker.postMessage({ command: 'count', limit: 200_000 });
