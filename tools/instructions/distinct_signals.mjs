// A burst where every task has its own TaskController (bench case distinct_signals).
const n = 20000;
let ran = 0;
const f = () => { ran++; };
let last;
for (let i = 0; i < n; i++) last = scheduler.postTask(f, { signal: new TaskController().signal });
await last;
if (ran !== n) throw new Error(`${ran} of ${n} tasks ran`);
