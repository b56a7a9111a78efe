// TaskSignal.any: abort follows the input signals; priority follows init.priority (a fixed
// TaskPriority, or a TaskSignal whose changes it follows, flattened to the non-dependent source);
// dependents fire their own prioritychange after the source's.
const log = (...a) => console.log(...a);
const a = new TaskController({ priority: 'user-blocking' });
const b = new AbortController();

const fixed = TaskSignal.any([a.signal, b.signal], { priority: 'background' });
log('fixed priority from a string:', fixed.priority, fixed instanceof TaskSignal);
log('default priority:', TaskSignal.any([]).priority);

const follower = TaskSignal.any([b.signal], { priority: a.signal });
const grand = TaskSignal.any([], { priority: follower });
log('follower starts at', follower.priority, '; grand-follower at', grand.priority);
follower.onprioritychange = (e) => log(`follower: ${e.previousPriority} -> ${follower.priority}`);
grand.onprioritychange = (e) => log(`grand-follower: ${e.previousPriority} -> ${grand.priority}`);
a.signal.addEventListener('prioritychange', () => {
  log(`source: -> ${a.signal.priority}`);
  // A dependent made during dispatch starts at the new priority and gets no event of its own.
  const late = TaskSignal.any([], { priority: a.signal });
  late.onprioritychange = () => log('late dependent: unexpected event');
  log('late dependent created at', late.priority);
});
a.setPriority('background');
log('fixed did not move:', fixed.priority);

// Abort and priority sources are kept apart: aborting the priority source does not abort a
// signal that only takes its priority from it, and aborting an input does.
const prioOnly = TaskSignal.any([], { priority: a.signal });
a.abort('a aborted');
log('priority-only dependent aborted?', prioOnly.aborted, '; follower (inputs: b) aborted?', follower.aborted);
b.abort('b aborted');
log('after b.abort: follower', follower.aborted, follower.reason, '; fixed', fixed.aborted, fixed.reason);

// An already-aborted input gives an aborted dependent at once, with that reason.
const pre = TaskSignal.any([AbortSignal.abort('early')], { priority: 'user-blocking' });
log('already aborted input:', pre.aborted, pre.reason, pre.priority);

// Bad arguments.
for (const [label, f] of [
  ['not a sequence', () => TaskSignal.any(5)],
  ['not signals', () => TaskSignal.any([{}])],
  ['bad priority', () => TaskSignal.any([], { priority: 'fast' })],
  ['init not an object', () => TaskSignal.any([], 7)],
]) {
  try { f(); log(label, 'did not throw'); } catch (e) { log(label, '->', e.constructor.name); }
}

// A TaskSignal.any signal schedules like its source: tasks posted with it follow changes.
const c = new TaskController({ priority: 'background' });
const dep = TaskSignal.any([], { priority: c.signal });
scheduler.postTask(() => log('user-visible task'));
scheduler.postTask(() => log('task on the dependent (raised with its source)'), { signal: dep });
c.setPriority('user-blocking');
