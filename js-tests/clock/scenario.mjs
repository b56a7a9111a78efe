// A program over every task source whose order the clock must not change: `free.mjs` runs it
// under --virtual-time with the loop moving the clock, `driven.mjs` with the clock paused and
// moved by taskhost.clock.runAll(). Their expected outputs are the same file content.
export const log = [];
const at = (label) => log.push(`${label}@${Math.round(performance.now() - start)}`);
let start = 0;

export function scenario() {
  start = performance.now();
  const controller = new TaskController({ priority: 'background' });
  scheduler.postTask(() => at('bg'), { signal: controller.signal });
  scheduler.postTask(() => at('uv'));
  scheduler.postTask(async () => {
    at('ub-start');
    await scheduler.yield();
    at('ub-after-yield');
  }, { priority: 'user-blocking' });
  scheduler.postTask(() => at('delayed-15'), { delay: 15 });
  setTimeout(() => {
    at('t10');
    controller.setPriority('user-blocking');
    scheduler.postTask(() => at('bg-now-ub'), { signal: controller.signal });
    Promise.resolve().then(() => at('t10-microtask'));
  }, 10);
  setTimeout(() => at('t10-second'), 10);
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => at(`message-${e.data}`);
  channel.port2.postMessage(1);
  queueMicrotask(() => channel.port2.postMessage(2));
  requestIdleCallback(() => at('idle'));
  let n = 0;
  const id = setInterval(() => {
    at(`interval-${++n}`);
    if (n === 3) clearInterval(id);
  }, 7);
  AbortSignal.timeout(12).onabort = () => at('timeout-12');
  let depth = 0;
  const nest = () => { if (++depth < 7) setTimeout(nest, 0); else at(`nested-${depth}`); };
  setTimeout(nest, 0);
}
