// flags: --virtual-time
// explore: skip: the order it checks between task sources (a timer among scheduler tasks) is the documented policy's; HTML's event loop leaves it to the user agent.
// Breaking up a long task: a background job processes items in chunks and yields between them
// with `await scheduler.yield()`. Work that arrives meanwhile (a user-blocking task, a timer) gets
// through at the next yield point; the job resumes as a background *continuation*, which goes
// before background *tasks* posted after it started.
// Run it: taskhost run examples/long_task_yield.js
const items = Array.from({ length: 9 }, (_, i) => i + 1);

// Stands in for events that arrive while the job runs.
function somethingHappens() {
  scheduler.postTask(() => console.log('  handled a click (user-blocking task)'), { priority: 'user-blocking' });
  setTimeout(() => console.log('  a timer fired'), 0);
  scheduler.postTask(() => console.log('  another background task, after the whole job'), { priority: 'background' });
}

async function processAll() {
  let sum = 0;
  for (let i = 0; i < items.length; i++) {
    sum += items[i] * items[i]; // the "work"
    if (i % 3 === 2) {
      console.log(`processed ${i + 1}/${items.length}, yielding`);
      if (i === 2) somethingHappens();
      await scheduler.yield();
    }
  }
  console.log(`done: sum of squares = ${sum}`);
}

scheduler.postTask(processAll, { priority: 'background' });
scheduler.postTask(() => console.log('  rendered a frame (user-visible task) before the job starts'));
