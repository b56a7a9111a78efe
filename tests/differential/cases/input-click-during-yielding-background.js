// A click during a long job at background priority, chunked with scheduler.yield(): the click runs
// between two chunks (input first), and what its listener posts — a user-visible task and a
// zero-delay timer — runs before or after the job's next chunk by priority: a yield()
// continuation inherits the job's priority and runs before other tasks of that priority.
const log = [];
const b = document.body.appendChild(document.createElement('button'));
b.id = 'b';
b.setAttribute('style', 'position:absolute;left:0;top:0;width:100px;height:100px');
const spin = (ms) => {
  if (globalThis.taskhost) return taskhost.clock.busy(ms);
  const end = performance.now() + ms;
  while (performance.now() < end);
};
let chunk = 0;
let clicked = -1;
const CHUNKS = 100;
b.addEventListener('click', () => {
  clicked = chunk;
  log.push(`click during the job: ${chunk < CHUNKS}`);
  const relative = () => (chunk === clicked ? 'before' : 'after');
  scheduler.postTask(() => log.push(`user-visible task from the click: ${relative()} the next chunk`));
  setTimeout(() => log.push(`zero-delay timer from the click: ${relative()} the next chunk`), 0);
});
scheduler.postTask(async () => {
  for (chunk = 0; chunk < CHUNKS; chunk++) {
    spin(30);
    await scheduler.yield();
  }
  log.push('job done');
  setTimeout(() => console.log([...log, 'end'].join('\n')), 200);
}, { priority: 'background' });
