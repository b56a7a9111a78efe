// Strings past the maximum length (2^29 - 24 code units, as in Chrome) are a RangeError, not an
// aborted process; within it, repeat/padStart/padEnd behave as the spec says.
const tries = {
  'repeat 2**30': () => 'x'.repeat(2 ** 30),
  'repeat 2**28 of "ab"': () => 'ab'.repeat(2 ** 28),
  'padEnd 2**30': () => 'x'.padEnd(2 ** 30),
  'padStart "1e10"': () => 'x'.padStart('1e10'),
  'repeat -1': () => 'x'.repeat(-1),
  'repeat Infinity': () => 'x'.repeat(Infinity),
  'repeat on null': () => String.prototype.repeat.call(null, 2),
};
for (const [name, f] of Object.entries(tries)) {
  try { const r = f(); console.log(name, 'length', r.length); } catch (e) { console.log(name, e.name + ':', e.message); }
}
console.log('ab'.repeat(3), 'ab'.repeat(2.9), JSON.stringify('ab'.repeat(NaN)), 'x'.repeat('2'), ''.repeat(2 ** 40), String.prototype.repeat.length, String.prototype.repeat.name);
console.log('5'.padStart(3, '0'), '5'.padEnd(3, 'ab'), String.prototype.padStart.length, String.prototype.padStart.name);
console.log('x'.repeat(2 ** 20).length, ('é'.repeat(3)));
