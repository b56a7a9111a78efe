// flags: --virtual-time
// explore: skip: it prints how late each timer ran, which timer padding and idle periods, the user agent's choices, change.
// The delay is a WebIDL `long`: ToNumber, NaN/±Infinity → 0, truncation, modulo 2^32, negative → 0.
const cases = [
  ['undefined', undefined], ['NaN', NaN], ['-5', -5], ['"12"', '12'], ['2.9', 2.9],
  ['Infinity', Infinity], ['2**32 + 7', 2 ** 32 + 7], ['null', null], ['[20]', [20]],
  ['{valueOf}', { valueOf() { return 3; } }],
];
for (const [label, delay] of cases) {
  const t0 = performance.now();
  setTimeout(() => console.log(label.padEnd(10), '→', performance.now() - t0), delay);
}
// ToNumber can throw: the exception propagates to the caller, and no timer is set.
try {
  setTimeout(() => console.log('never'), { valueOf() { throw new Error('bad delay'); } });
} catch (e) {
  console.log('caught', e.message);
}
try {
  setTimeout(() => console.log('never'), Symbol());
} catch (e) {
  console.log('caught', e.constructor.name);
}
