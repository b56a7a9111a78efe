// flags: --virtual-time
// explore: skip: the order it checks between task sources (timers and scheduler tasks) is the documented policy's; HTML's event loop leaves it to the user agent.
// scheduler.yield() inherits the priority and abort signal of the task that started the work,
// through every kind of promise continuation registered during that task; nothing else inherits.
//
// How it is observed: in each probe, after the wait, a continuation is raced against a
// user-visible task and a background task posted just before the yield. A background continuation (effective priority
// 1) runs after the user-visible task (2) and before the background task (0); a user-visible
// continuation (3) runs before both.
const log = (...a) => console.log(...a);

async function probe(label, makeWait) {
  const order = [];
  await makeWait();
  scheduler.postTask(() => order.push('uv-task'));
  scheduler.postTask(() => order.push('bg-task'), { priority: 'background' });
  await scheduler.yield();
  order.push('continuation');
  await scheduler.postTask(() => {}, { priority: 'background' }); // let the others finish
  await new Promise((r) => setTimeout(r, 0));
  const kind = order.indexOf('continuation') === 0 ? 'user-visible' : order.indexOf('continuation') === 1 ? 'background' : 'lowest?';
  log(`${label}: ${kind} continuation (${order.join(' < ')})`);
}

const probes = [
  ['yield directly in a background task', () => null],
  ['after await of a pending promise resolved by a timer', () => new Promise((r) => setTimeout(r, 5))],
  ['after await of a settled promise', () => Promise.resolve(1)],
  ['after await of a thenable', () => ({ then(r) { r(); } })],
  ['after await of a host promise resolved later (MessageChannel)', () => new Promise((r) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => { port1.close(); r(); };
    port2.postMessage('ping');
  })],
  ['inside queueMicrotask', () => new Promise((r) => queueMicrotask(r))],
];

(async () => {
  for (const [label, makeWait] of probes) {
    await scheduler.postTask(() => probe(label, makeWait), { priority: 'background' });
  }
  // .then registered during a background task (no async function involved).
  await scheduler.postTask(() => new Promise((done) => {
    const order = [];
    scheduler.postTask(() => order.push('uv-task'));
    scheduler.postTask(() => order.push('bg-task'), { priority: 'background' });
    Promise.resolve().then(() => scheduler.yield()).then(() => order.push('continuation'));
    setTimeout(() => { log(`.then registered in a background task: ${order.join(' < ')}`); done(); }, 5);
  }), { priority: 'background' });

  // A reaction registered outside any task, on a promise a background task resolves: no state.
  let resolveOutside;
  const outside = new Promise((r) => { resolveOutside = r; });
  const outsideOrder = [];
  const outsideDone = outside.then(async () => {
    scheduler.postTask(() => outsideOrder.push('uv-task'));
    await scheduler.yield();
    outsideOrder.push('continuation');
  });
  await scheduler.postTask(() => resolveOutside(), { priority: 'background' });
  await outsideDone;
  await new Promise((r) => setTimeout(r, 0));
  log(`.then registered outside, resolved by a background task: ${outsideOrder.join(' < ')}`);

  // The state is gone in a later timer task: yield() there is a user-visible continuation.
  await scheduler.postTask(() => new Promise((done) => {
    setTimeout(async () => {
      const order = [];
      scheduler.postTask(() => order.push('uv-task'));
      await scheduler.yield();
      order.push('continuation');
      setTimeout(() => { log(`timer set by a background task: ${order.join(' < ')}`); done(); }, 0);
    }, 0);
  }), { priority: 'background' });

  // yield() in a user-blocking task stays user-blocking: before a user-visible task posted
  // earlier... and a user-blocking continuation beats a user-blocking task.
  await scheduler.postTask(async () => {
    const order = [];
    scheduler.postTask(() => order.push('ub-task'), { priority: 'user-blocking' });
    await scheduler.yield();
    order.push('continuation');
    await new Promise((r) => setTimeout(r, 0));
    log(`user-blocking task: ${order.join(' < ')}`);
  }, { priority: 'user-blocking' });

  // Aborting: yield() rejects with the inherited signal's reason, when already aborted and
  // when aborted while the continuation is pending.
  const c1 = new TaskController();
  await scheduler.postTask(async () => {
    c1.abort('aborted first');
    try { await scheduler.yield(); log('must not resume'); } catch (r) { log('yield after abort rejects with', r); }
  }, { signal: c1.signal }).catch((r) => log('(the task promise itself rejected with', r + ')'));
  const c2 = new TaskController({ priority: 'background' });
  await scheduler.postTask(async () => {
    const pending = scheduler.yield();
    c2.abort('aborted while pending');
    try { await pending; log('must not resume'); } catch (r) { log('pending yield rejects with', r); }
  }, { signal: c2.signal }).catch((r) => log('(the task promise itself rejected with', r + ')'));
  // The inherited signal's priority changes move the continuation.
  const c3 = new TaskController({ priority: 'background' });
  await scheduler.postTask(async () => {
    const order = [];
    scheduler.postTask(() => order.push('uv-task'));
    const pending = scheduler.yield().then(() => order.push('continuation'));
    c3.setPriority('user-blocking');
    await pending;
    await new Promise((r) => setTimeout(r, 0));
    log(`continuation raised by setPriority: ${order.join(' < ')}`);
  }, { signal: c3.signal });
})();
