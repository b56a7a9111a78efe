// args: 10000
// Churn: many AbortSignal.any([longLived.signal]) that nobody keeps. Memory stays bounded
// (dependents are held weakly and pruned); the long-lived source still aborts the live ones.
// Run with `-- 1000000` and `/usr/bin/time -f %MKB` to see the resident set size.
const count = Number(taskhost.args[0] ?? 10000);
const longLived = new AbortController();
for (let i = 0; i < count; i++) {
  AbortSignal.any([longLived.signal]);
}
const kept = AbortSignal.any([longLived.signal]);
kept.onabort = () => console.log('the kept dependent aborted:', kept.reason);
longLived.abort('done');
console.log('created', count + 1, 'dependent signals');
