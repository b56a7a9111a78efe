// The worker of examples/workers.js: counts primes in chunks, yielding between chunks, at a
// priority the window can change by message.
const controller = new TaskController({ priority: 'background' });

function isPrime(n) {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

async function count(limit) {
  let found = 0;
  let reported = 0;
  const chunk = 10_000;
  for (let start = 0; start < limit; start += chunk) {
    for (let n = start; n < Math.min(start + chunk, limit); n++) if (isPrime(n)) found++;
    const progress = Math.floor(((start + chunk) * 100) / limit / 25) * 25;
    if (progress > reported) {
      reported = progress;
      postMessage({ progress });
    }
    await scheduler.yield(); // lets 'hurry' in; continues at the controller's priority
  }
  return found;
}

onmessage = ({ data }) => {
  if (data.command === 'hurry') {
    controller.setPriority('user-blocking');
  } else if (data.command === 'count') {
    scheduler
      .postTask(() => count(data.limit), { signal: controller.signal })
      .then((found) => {
        postMessage({ name: self.name, count: found, limit: data.limit, priority: controller.signal.priority });
      });
  }
};
