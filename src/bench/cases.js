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

  // The same shape without the scheduler (the engine's floor for postTask_burst's scaling): n
  // pending promises whose resolving functions are held, as a pending task holds them, then
  // settled in order, one call of f each, and the last awaited; `rounds` times. It settles in one
  // loop, with no task per promise and no collection of what it settled, so at 10^6 it pays
  // less than a burst does for the same heap: a lower floor, never a higher one.
  async promise_burst(n, rounds) {
    let ran = 0;
    const f = () => { ran++; };
    bench.start();
    for (let round = 0; round < rounds; round++) {
      const settle = [];
      let last;
      for (let i = 0; i < n; i++) {
        last = new Promise((resolve, reject) => { settle.push(resolve, reject); });
      }
      for (let i = 0; i < n; i++) {
        f();
        settle[2 * i]();
        settle[2 * i] = settle[2 * i + 1] = undefined;
      }
      await last;
    }
    bench.stop(n * rounds);
    check(ran === n * rounds, `${ran} of ${n * rounds} promises settled`);
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

  // setPriority on 100 controllers that share `pending` queued tasks (pending / 100 each), one
  // controller after another: ns per setPriority. Each signal has an onprioritychange handler.
  setPriority_100_controllers(pending) {
    return setPriorityOver100(pending, true);
  },

  // The same without listeners: nothing observes the prioritychange events.
  setPriority_100_controllers_unobserved(pending) {
    return setPriorityOver100(pending, false);
  },

  // TaskSignal.any([s], {priority: s}): a dependent signal following s for abort and priority.
  TaskSignal_any_priority_create(n) {
    const controller = new TaskController();
    const source = controller.signal;
    const sources = [source];
    const options = { priority: source };
    bench.start();
    let signal;
    for (let i = 0; i < n; i++) signal = TaskSignal.any(sources, options);
    bench.stop(n);
    controller.setPriority("background");
    check(signal.priority === "background", "the dependent follows its priority source");
  },

  // Abort one controller with n tasks pending, then await every rejection (a rejection handler
  // per task): ns per task.
  async abort_pending_awaited(n) {
    const controller = new TaskController();
    let rejected = 0;
    const onRejected = () => { rejected++; };
    const handled = new Array(n);
    for (let i = 0; i < n; i++) {
      handled[i] = scheduler.postTask(noop, { signal: controller.signal }).catch(onRejected);
    }
    bench.start();
    controller.abort();
    await Promise.all(handled);
    bench.stop(n);
    check(rejected === n, `${rejected} of ${n} tasks rejected`);
  },

  // The same shape without the scheduler (the engine's floor for abort_pending_awaited): n
  // pending promises with a rejection handler each, rejected in a loop, then awaited.
  async reject_pending_awaited(n) {
    let rejected = 0;
    const onRejected = () => { rejected++; };
    const rejecters = new Array(n);
    const handled = new Array(n);
    for (let i = 0; i < n; i++) {
      handled[i] = new Promise((_, reject) => { rejecters[i] = reject; }).catch(onRejected);
    }
    const reason = new DOMException("signal is aborted without reason", "AbortError");
    bench.start();
    for (let i = 0; i < n; i++) rejecters[i](reason);
    await Promise.all(handled);
    bench.stop(n);
    check(rejected === n, `${rejected} of ${n} promises rejected`);
  },

  // Post n tasks and await them with Promise.all.
  async postTask_burst_all(n) {
    let ran = 0;
    const f = () => { ran++; };
    const promises = new Array(n);
    bench.start();
    for (let i = 0; i < n; i++) promises[i] = scheduler.postTask(f);
    await Promise.all(promises);
    bench.stop(n);
    check(ran === n, `${ran} of ${n} tasks ran`);
  },

  // The same shape without the scheduler (the engine's floor for postTask_burst_all): n promise
  // reactions awaited with Promise.all.
  async reaction_burst_all(n) {
    let ran = 0;
    const f = () => { ran++; };
    const promises = new Array(n);
    const resolved = Promise.resolve();
    bench.start();
    for (let i = 0; i < n; i++) promises[i] = resolved.then(f);
    await Promise.all(promises);
    bench.stop(n);
    check(ran === n, `${ran} of ${n} reactions ran`);
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

  // Realms: n iframes inserted into the document one after another, each making its window (a
  // realm with the web APIs and an about:blank document) inside the insertion; CPU time of the
  // window's thread per iframe. They are removed afterwards (their realms stay until the runtime
  // ends).
  iframe_create(n) {
    const frames = [];
    bench.start();
    for (let i = 0; i < n; i++) frames.push(document.body.appendChild(document.createElement("iframe")));
    bench.stop(n);
    check(frames.every((f) => f.contentWindow !== null), "every iframe has a window");
    for (const f of frames) f.remove();
  },

  // Workers: n dedicated workers started one after another, each timed from `new Worker` to its
  // first answer (its thread, context, global and script, and one message each way); all stay
  // alive until the last has answered. Wall clock.
  async worker_create(n) {
    const workers = [];
    bench.start();
    for (let i = 0; i < n; i++) {
      const worker = new Worker("/bench_worker.js");
      workers.push(worker);
      await new Promise((resolve) => {
        worker.onmessage = resolve;
        worker.postMessage("ping");
      });
    }
    bench.stop(n);
    for (const worker of workers) worker.terminate();
    check(workers.length === n, `${workers.length} of ${n} workers answered`);
  },

  // Frames: a requestAnimationFrame loop of n frames on a virtual clock (the display's vsyncs
  // come at once): one rendering opportunity, rendering task and callback per operation.
  async frame_loop(n) {
    taskhost.clock.pause();
    taskhost.clock.resume(); // virtual from here: the loop jumps to the next vsync
    let frames = 0;
    let last = -1;
    bench.start();
    await new Promise((resolve) => {
      const frame = (t) => {
        check(t > last, "frame timestamps grow");
        last = t;
        if (++frames < n) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
    bench.stop(n);
    check(frames === n, `${frames} of ${n} frames ran`);
  },

  // Input: n clicks at once on a button with a click listener: per operation two user
  // interaction tasks, five trusted events with Event Timing, and a share of the frames.
  async input_burst(n) {
    const button = document.body.appendChild(document.createElement("button"));
    let clicks = 0;
    const done = new Promise((resolve) => {
      button.addEventListener("click", () => {
        if (++clicks === n) resolve();
      });
    });
    bench.start();
    for (let i = 0; i < n; i++) taskhost.input.click(button);
    await done;
    bench.stop(n);
    button.remove();
    check(clicks === n, `${clicks} of ${n} clicks ran`);
  },
};

async function setPriorityOver100(pending, observed) {
  const controllers = [];
  for (let c = 0; c < 100; c++) controllers.push(new TaskController());
  const order = [];
  for (let i = 0; i < pending; i++) {
    const c = i % 100;
    scheduler.postTask(() => { order.push(c); }, { signal: controllers[c].signal }).catch(noop);
  }
  const changes = 10000;
  let events = 0;
  const count = () => { events++; };
  if (observed) for (const controller of controllers) controller.signal.onprioritychange = count;
  bench.start();
  for (let i = 0; i < changes; i++) {
    // Every controller alternates between background and user-blocking (ending at
    // user-blocking: the last of the 100 rounds is odd).
    const round = (i / 100) | 0;
    controllers[i % 100].setPriority(round % 2 === 0 ? "background" : "user-blocking");
  }
  bench.stop(changes);
  check(events === (observed ? changes : 0), `${events} prioritychange events`);
  controllers[99].setPriority("background");
  check(controllers[0].signal.priority === "user-blocking", "the last priority set");
  // The tasks run by their controllers' final priorities: controller 99's last.
  await scheduler.postTask(noop, { priority: "background" });
  check(order.length === pending, `${order.length} of ${pending} tasks ran`);
  check(order[0] === 0 && order.at(-1) === 99, "tasks ran by their final priorities");
}

// Start n workers at once and resolve when every one has answered, leaving them running (the
// memory measurement per worker).
function startWorkers(n) {
  const workers = [];
  let answered = 0;
  return new Promise((resolve) => {
    for (let i = 0; i < n; i++) {
      const worker = new Worker("/bench_worker.js");
      workers.push(worker);
      worker.onmessage = () => {
        if (++answered === n) resolve(workers);
      };
      worker.postMessage("ping");
    }
  });
}

// Post n tasks and leave them pending (the memory measurement).
function postPending(n) {
  for (let i = 0; i < n; i++) scheduler.postTask(noop);
}

function runCase(name, n, rounds) {
  const body = CASES[name];
  if (!body) throw new Error("no benchmark case " + name);
  Promise.resolve(body(n, rounds)).catch((error) => bench.fail(String(error && error.stack || error)));
}
