// One postTask at a time, each awaited (bench case postTask_chain).
const n = 20000;
let ran = 0;
const f = () => { ran++; };
for (let i = 0; i < n; i++) await scheduler.postTask(f);
if (ran !== n) throw new Error(`${ran} of ${n} tasks ran`);
