// Testing scheduling code with taskhost.clock: a small batching library, and a test of it that
// moves the clock itself. Run: taskhost run examples/testing_with_clock.mjs

// --- the library under test: collects items, flushes them in a background task after `wait` ms,
// or at once (user-blocking) when the batch is full.
function createBatcher({ wait, max, flush }) {
  let items = [];
  let controller = null;
  const run = () => { const batch = items; items = []; controller = null; flush(batch); };
  return {
    add(item) {
      items.push(item);
      if (!controller) {
        controller = new TaskController({ priority: 'background' });
        scheduler.postTask(run, { signal: controller.signal, delay: wait }).catch(() => {});
      }
      if (items.length >= max) {
        controller.abort();
        scheduler.postTask(run, { priority: 'user-blocking' });
      }
    },
  };
}

// --- the test.
let failures = 0;
const expect = (what, actual, expected) => {
  const ok = JSON.stringify(actual) === JSON.stringify(expected);
  if (!ok) failures++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok ? '' : `: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`}`);
};

taskhost.clock.pause();              // from here on, time moves only when the test says so
const flushed = [];
const batcher = createBatcher({ wait: 100, max: 3, flush: (batch) => flushed.push([taskhost.clock.now(), batch]) });
const start = taskhost.clock.now();
const at = (ms) => start + ms;

batcher.add('a');
await taskhost.clock.tick(99);
expect('nothing flushed before the wait is over', flushed, []);
await taskhost.clock.tick(1);
expect('flushed exactly at 100 ms', flushed, [[at(100), ['a']]]);

batcher.add('b'); batcher.add('c'); batcher.add('d');
await taskhost.clock.runUntilIdle();
expect('a full batch flushes at once', flushed.at(-1), [at(100), ['b', 'c', 'd']]);

batcher.add('e');
await taskhost.clock.runAll();
expect('runAll() reaches the last timer', flushed.at(-1), [at(200), ['e']]);
expect('and no timer is left behind', await taskhost.clock.next(), at(200));

console.log(failures ? `${failures} failed` : 'all passed');
