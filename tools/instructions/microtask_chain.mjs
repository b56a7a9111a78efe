// The engine floor: a chain of promise reactions, no scheduler (bench case microtask_chain).
const n = 20000;
let ran = 0;
const f = () => { ran++; };
for (let i = 0; i < n; i++) await Promise.resolve().then(f);
if (ran !== n) throw new Error(`${ran} of ${n} reactions ran`);
