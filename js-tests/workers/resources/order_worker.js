// Runs in a dedicated worker: the same ordering rules as a window's loop (scheduler
// priorities, yield continuations, timers, messages, microtasks), reported to the creator.
const log = [];
onmessage = async () => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => log.push('message');
  setTimeout(() => log.push('timeout 0'), 0);
  ch.port2.postMessage(null);
  queueMicrotask(() => log.push('microtask'));
  const tasks = [
    scheduler.postTask(() => log.push('background'), { priority: 'background' }),
    scheduler.postTask(() => log.push('user-visible'), { priority: 'user-visible' }),
    scheduler.postTask(() => log.push('user-blocking'), { priority: 'user-blocking' }),
    scheduler.postTask(async () => {
      log.push('yielding');
      await scheduler.yield();
      log.push('continuation');
    }, { priority: 'user-visible' }),
  ];
  const controller = new TaskController({ priority: 'background' });
  tasks.push(scheduler.postTask(() => log.push('raised to user-blocking'), { signal: controller.signal }));
  controller.setPriority('user-blocking');
  await Promise.all(tasks);
  await new Promise((resolve) => setTimeout(resolve, 5));
  postMessage({ log, globals: [typeof requestIdleCallback, typeof TaskSignal.any, self instanceof DedicatedWorkerGlobalScope, self instanceof WorkerGlobalScope, typeof Window, typeof SharedWorker, typeof Worker] });
};
