// args: 10000
// Churn: many TaskSignal.any([], {priority: longLived.signal}) that nobody keeps. Memory stays
// bounded (a source holds its dependents weakly and prunes them); a kept dependent with a
// prioritychange listener still follows its source, even when only the source refers to it
// (the GC rule of §3.3.1).
// Run with `-- 1000000` and `/usr/bin/time -f %MKB` to see the resident set size.
const count = Number(taskhost.args[0] ?? 10000);
const longLived = new TaskController();
for (let i = 0; i < count; i++) {
  TaskSignal.any([], { priority: longLived.signal });
}
// Only the listener closure knows this one; the source must keep it alive.
TaskSignal.any([], { priority: longLived.signal }).onprioritychange = (e) =>
  console.log('an unreferenced dependent with a listener followed:', e.previousPriority, '->', e.target.priority);
for (let i = 0; i < count; i++) {
  TaskSignal.any([], { priority: longLived.signal });
}
longLived.setPriority('background');
console.log('created', 2 * count + 1, 'dependent signals');
