// flags: --virtual-time --long-tasks
// Under --virtual-time the clock stands still while a task runs: however much work a task does,
// it takes 0 ms, so no long task is ever reported.
let observed = 0;
new PerformanceObserver((list) => { observed += list.getEntries().length; }).observe({ type: 'longtask' });
scheduler.postTask(function work() {
  const start = performance.now();
  let x = 0;
  for (let i = 0; i < 300000; i++) x += i;
  console.log('time passed in the task:', performance.now() - start, x > 0);
});
setTimeout(() => console.log('long tasks observed:', observed), 10);
