// flags: --virtual-time
// Aborting postTask tasks: before they run, with an already-aborted signal, during a delay, and
// with a reason whose identity is kept. Aborting removes the task (it never runs).
const log = (...a) => console.log(...a);
const controller = new TaskController();
const reason = { why: 'the reason object' };
const p1 = scheduler.postTask(() => log('must not run'), { signal: controller.signal });
const p2 = scheduler.postTask(() => log('other signal still runs'));
controller.abort(reason);
p1.catch((r) => log('aborted before running; same reason object:', r === reason));

scheduler.postTask(() => log('must not run'), { signal: AbortSignal.abort('already') })
  .catch((r) => log('already aborted signal rejects at once with', r));

const delayed = new AbortController();
scheduler.postTask(() => log('must not run'), { signal: delayed.signal, delay: 50 })
  .catch((r) => log('aborted during its delay:', r.name));
setTimeout(() => delayed.abort(), 10);

const plain = new AbortController();
scheduler.postTask(() => log('must not run'), { signal: plain.signal, priority: 'background' })
  .catch((r) => log('plain AbortController works too; default reason', r.name, r instanceof DOMException));
plain.abort();

// Aborting from inside the running task: the abort steps reject the promise first, so the
// callback's return value is ignored.
const self = new TaskController();
scheduler.postTask(() => { self.abort('mid-run'); return 'returned'; }, { signal: self.signal })
  .then((v) => log('resolved with', v), (r) => log('aborted while running, rejected with', r));

// Abort with TaskSignal.timeout-like behaviour: AbortSignal.timeout on a delayed task.
scheduler.postTask(() => log('must not run'), { signal: AbortSignal.timeout(5), delay: 20 })
  .catch((r) => log('AbortSignal.timeout rejects with', r.name));
