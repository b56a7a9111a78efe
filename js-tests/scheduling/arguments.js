// flags: --virtual-time
// explore: skip: it prints how late delayed tasks ran, which timer padding and idle periods, the user agent's choices, change.
// WebIDL conversions of postTask's arguments: every bad argument rejects the returned promise
// with a TypeError (a promise-returning operation never throws), dictionary members are read in
// lexicographic order, `delay` is [EnforceRange] unsigned long long.
const outcome = (p) => p.then(() => 'resolved', (e) => `rejected ${e.constructor.name}`);
const cases = [
  ['no callback', () => scheduler.postTask()],
  ['callback not callable', () => scheduler.postTask('code')],
  ['options not an object', () => scheduler.postTask(() => {}, 5)],
  ['priority not a TaskPriority', () => scheduler.postTask(() => {}, { priority: 'high' })],
  ['signal not an AbortSignal', () => scheduler.postTask(() => {}, { signal: {} })],
  ['signal null', () => scheduler.postTask(() => {}, { signal: null })],
  ['delay NaN', () => scheduler.postTask(() => {}, { delay: NaN })],
  ['delay -1', () => scheduler.postTask(() => {}, { delay: -1 })],
  ['delay Infinity', () => scheduler.postTask(() => {}, { delay: Infinity })],
  ['delay 2**53', () => scheduler.postTask(() => {}, { delay: 2 ** 53 })],
  ['delay 2**53 - 1 (largest allowed)', () => scheduler.postTask(() => {}, { delay: 2 ** 53 - 1, signal: AbortSignal.abort() })],
  ['wrong this', () => Scheduler.prototype.postTask.call({}, () => {})],
  ['yield with wrong this', () => Scheduler.prototype.yield.call(undefined)],
  ['options null (empty dictionary)', () => scheduler.postTask(() => {}, null)],
  ['priority from an object with toString', () => scheduler.postTask(() => {}, { priority: { toString: () => 'background' } })],
  ['a plain AbortSignal is accepted', () => scheduler.postTask(() => {}, { signal: new AbortController().signal })],
];
const results = cases.map(([label, f]) => {
  let promise;
  try {
    promise = f();
  } catch (e) {
    return Promise.resolve(`${label}: THREW ${e}`);
  }
  return outcome(promise).then((r) => `${label}: ${r}`);
});

// Members are read once each, in the order delay, priority, signal.
const reads = [];
const options = {};
for (const name of ['signal', 'priority', 'delay']) {
  Object.defineProperty(options, name, { get() { reads.push(name); return undefined; } });
}
results.push(outcome(scheduler.postTask(() => {}, options)).then((r) => `getters read ${reads.join(', ')}: ${r}`));

// A fractional delay truncates: 1.9 ms is 1 ms.
const t0 = performance.now();
results.push(scheduler.postTask(() => performance.now() - t0, { delay: 1.9 }).then((ms) => `delay 1.9 ran after ${ms} ms`));

Promise.all(results).then((lines) => console.log(lines.join('\n')));
