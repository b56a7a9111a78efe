// Appended to src/bench/userland_scheduler.js: the chain on the userland scheduler (bench case
// userland_chain).
const userland = new UserlandScheduler();
const n = 20000;
let ran = 0;
const f = () => { ran++; };
for (let i = 0; i < n; i++) await userland.postTask(f);
if (ran !== n) throw new Error(`${ran} of ${n} tasks ran`);
