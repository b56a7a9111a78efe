// The cases of `taskhost bench`. Each runs `n` operations in a fresh runtime and brackets the
// measured part with `__bench.start()` and `__bench.stop(ops)`; the runner divides the time
// between them by `ops`. A case checks its own result (`check`), so a benchmark that stops doing
// its work fails instead of getting fast.
//
// "Await all" is awaiting the last task: tasks of one priority run in the order they were posted
// (FIFO), and each case checks that all ran. (`Promise.all` over the promises would add Boa's
// Promise.all cost — several µs per element — to what is measured.)
"use strict";

const bench = globalThis.__bench;
const noop = () => {};

function check(condition, message) {
  if (!condition) throw new Error("benchmark check failed: " + message);
}

const CASES = {
  // The engine floor: one promise reaction and one await per operation.
  async microtask_chain(n) {
    const f = () => 1;
    bench.start();
    for (let i = 0; i < n; i++) await Promise.resolve().then(f);
    bench.stop(n);
  },

  // A message ping-pong through a MessageChannel: one posted-message task per operation.
  message_chain(n) {
    return new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      let count = 0;
      port1.onmessage = () => {
        if (++count < n) {
          port2.postMessage(null);
          return;
        }
        bench.stop(n);
        port1.close();
        resolve();
      };
      bench.start();
      port2.postMessage(null);
    });
  },

  // Post n tasks, then await them all; `rounds` times, so that every size does the same total
  // work and pays its share of garbage collection (a single small burst would end before the
  // collector first runs).
  async postTask_burst(n, rounds) {
    let ran = 0;
    const f = () => { ran++; };
    bench.start();
    for (let round = 0; round < rounds; round++) {
      let last;
      for (let i = 0; i < n; i++) last = scheduler.postTask(f);
      await last;
    }
    bench.stop(n * rounds);
    check(ran === n * rounds, `${ran} of ${n * rounds} tasks ran`);
  },

  // Post a task and await it, n times.
  async postTask_chain(n) {
    let ran = 0;
    const f = () => { ran++; };
    bench.start();
    for (let i = 0; i < n; i++) await scheduler.postTask(f);
    bench.stop(n);
    check(ran === n, `${ran} of ${n} tasks ran`);
  },

  // Yield n times inside one task.
  yield_loop(n) {
    return scheduler.postTask(async () => {
      bench.start();
      for (let i = 0; i < n; i++) await scheduler.yield();
      bench.stop(n);
    });
  },

  // Three priorities interleaved; the tasks must run by priority, FIFO within each.
  async mixed_priorities(n) {
    const priorities = ["background", "user-visible", "user-blocking"];
    const order = [];
    bench.start();
    let last;
    for (let i = 0; i < n; i++) {
      const rank = i % 3;
      last = scheduler.postTask(() => { order.push(rank * n + i); }, { priority: priorities[rank] });
    }
    // The last background task runs last; wait for the last task of every priority.
    await scheduler.postTask(noop, { priority: "background" });
    await last;
    bench.stop(n);
    check(order.length === n, `${order.length} of ${n} tasks ran`);
    // user-blocking (rank 2) first, then user-visible, then background; FIFO within each.
    const expected = [];
    for (const rank of [2, 1, 0]) {
      for (let i = rank; i < n; i += 3) expected.push(rank * n + i);
    }
    check(order.every((v, i) => v === expected[i]), "tasks ran out of priority order");
  },

  // A new TaskController (so a new signal and its own queue) for every task.
  async distinct_signals(n) {
    let ran = 0;
    const f = () => { ran++; };
    bench.start();
    let last;
    for (let i = 0; i < n; i++) last = scheduler.postTask(f, { signal: new TaskController().signal });
    await last;
    bench.stop(n);
    check(ran === n, `${ran} of ${n} tasks ran`);
  },

  // setPriority on a controller with `pending` tasks queued: ns per setPriority.
  async setPriority_with_pending(pending) {
    const controller = new TaskController();
    for (let i = 0; i < pending; i++) {
      scheduler.postTask(noop, { signal: controller.signal }).catch(noop);
    }
    const changes = 1000;
    let events = 0;
    controller.signal.onprioritychange = () => { events++; };
    bench.start();
    for (let i = 0; i < changes; i++) {
      controller.setPriority(i % 2 === 0 ? "background" : "user-blocking");
    }
    bench.stop(changes);
    check(events === changes, `${events} of ${changes} prioritychange events`);
    controller.abort();
  },

  // Abort one controller with n tasks pending: ns per aborted task (the abort() call and the
  // rejection handlers it queues).
  async abort_pending(n) {
    const controller = new TaskController();
    let rejected = 0;
    const onRejected = () => { rejected++; };
    for (let i = 0; i < n; i++) {
      scheduler.postTask(noop, { signal: controller.signal }).catch(onRejected);
    }
    bench.start();
    controller.abort();
    await null;
    bench.stop(n);
    check(rejected === n, `${rejected} of ${n} tasks rejected`);
  },

  // TaskSignal.any() on one long-lived controller's signal.
  TaskSignal_any_create(n) {
    const controller = new TaskController();
    const sources = [controller.signal];
    bench.start();
    let signal;
    for (let i = 0; i < n; i++) signal = TaskSignal.any(sources);
    bench.stop(n);
    check(signal.priority === "user-visible", "the dependent's priority");
  },

  // The same burst and chain on the userland scheduler (userland_scheduler.js).
  async userland_burst(n) {
    const userland = new UserlandScheduler();
    let ran = 0;
    const f = () => { ran++; };
    bench.start();
    let last;
    for (let i = 0; i < n; i++) last = userland.postTask(f);
    await last;
    bench.stop(n);
    check(ran === n, `${ran} of ${n} tasks ran`);
  },

  async userland_chain(n) {
    const userland = new UserlandScheduler();
    let ran = 0;
    const f = () => { ran++; };
    bench.start();
    for (let i = 0; i < n; i++) await userland.postTask(f);
    bench.stop(n);
    check(ran === n, `${ran} of ${n} tasks ran`);
  },

  // n message round trips window → worker → window, one at a time (the worker has started and
  // answered once before the clock starts). Timed on the wall clock: half of it is on the
  // worker's thread.
  worker_round_trip(n) {
    return new Promise((resolve) => {
      const worker = new Worker("/bench_worker.js");
      let count = -1;
      worker.onmessage = () => {
        if (count === -1) bench.start();
        if (++count < n) {
          worker.postMessage("ping");
          return;
        }
        bench.stop(n);
        worker.terminate();
        resolve();
      };
      worker.postMessage("ping");
    });
  },

  // n scheduler tasks posted and awaited inside a worker (its own event loop), `rounds` times,
  // from the message that asks for them to the answer: beside postTask_burst/10k, which does the
  // same on the window's loop.
  worker_postTask_burst(n, rounds) {
    return new Promise((resolve) => {
      const worker = new Worker("/bench_worker.js");
      worker.onmessage = ({ data }) => {
        if (data === "pong") {
          bench.start();
          worker.postMessage({ tasks: n, rounds });
          return;
        }
        bench.stop(n * rounds);
        check(data.ran === n * rounds, `${data.ran} of ${n * rounds} tasks ran in the worker`);
        worker.terminate();
        resolve();
      };
      worker.postMessage("ping");
    });
  },
};

// Post n tasks and leave them pending (the memory measurement).
function postPending(n) {
  for (let i = 0; i < n; i++) scheduler.postTask(noop);
}

function runCase(name, n, rounds) {
  const body = CASES[name];
  if (!body) throw new Error("no benchmark case " + name);
  Promise.resolve(body(n, rounds)).catch((error) => bench.fail(String(error && error.stack || error)));
}
