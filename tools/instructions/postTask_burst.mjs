// n tasks posted at once, the last one awaited (bench case postTask_burst, one burst).
const n = 20000;
let ran = 0;
const f = () => { ran++; };
let last;
for (let i = 0; i < n; i++) last = scheduler.postTask(f);
await last;
if (ran !== n) throw new Error(`${ran} of ${n} tasks ran`);
