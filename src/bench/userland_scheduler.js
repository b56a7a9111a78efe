// A userland prioritized task scheduler, written the way libraries schedule work without
// `scheduler.postTask` (compare the postTask polyfill): one FIFO queue per priority, and one
// macrotask per task, so the page can do other work between tasks — a MessageChannel message for
// user-blocking and user-visible work, a `setTimeout(0)` when only background work is left.
// `taskhost bench` runs the same burst and chain cases on it and on the native scheduler.
"use strict";

class UserlandScheduler {
  constructor() {
    // Queues by rank: 0 user-blocking, 1 user-visible, 2 background. Each is an array with a
    // read index; consumed entries are dropped in batches, not one `shift()` at a time.
    this.queues = [[], [], []];
    this.heads = [0, 0, 0];
    this.scheduled = false;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => this.runNext();
    this.port = channel.port2;
  }

  postTask(callback, options) {
    const priority = (options && options.priority) || "user-visible";
    const rank = priority === "user-blocking" ? 0 : priority === "background" ? 2 : 1;
    return new Promise((resolve, reject) => {
      this.queues[rank].push({ callback, resolve, reject });
      this.schedule();
    });
  }

  // The highest rank with a task, or -1.
  nextRank() {
    for (let rank = 0; rank < 3; rank++) {
      if (this.heads[rank] < this.queues[rank].length) return rank;
    }
    return -1;
  }

  schedule() {
    if (this.scheduled) return;
    const rank = this.nextRank();
    if (rank < 0) return;
    this.scheduled = true;
    if (rank === 2) {
      setTimeout(() => this.runNext(), 0);
    } else {
      this.port.postMessage(null);
    }
  }

  runNext() {
    this.scheduled = false;
    const rank = this.nextRank();
    if (rank < 0) return;
    const queue = this.queues[rank];
    const task = queue[this.heads[rank]];
    queue[this.heads[rank]++] = undefined;
    if (this.heads[rank] > 1024 && this.heads[rank] * 2 > queue.length) {
      queue.splice(0, this.heads[rank]);
      this.heads[rank] = 0;
    }
    // Queue the next macrotask first, so a task that throws cannot stall the queue.
    this.schedule();
    try {
      task.resolve(task.callback());
    } catch (error) {
      task.reject(error);
    }
  }
}
