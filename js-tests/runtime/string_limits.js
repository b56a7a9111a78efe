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
// padStart/padEnd convert `this` first (RequireObjectCoercible, ToString), then maxLength, then
// fillString; an empty filler returns S at any length, so only a result that would really be too
// long is a RangeError.
const order = [];
const self = { toString() { order.push('this'); return 'ab'; } };
const max = (n) => ({ valueOf() { order.push('maxLength'); return n; } });
const fill = (f) => ({ toString() { order.push('fillString'); return f; } });
const more = {
  'padEnd 2**30 with ""': () => 'x'.padEnd(2 ** 30, ''),
  'padStart 2**30 with ""': () => 'x'.padStart(2 ** 30, ''),
  'padEnd on null': () => String.prototype.padEnd.call(null, 2 ** 30),
  'padStart on undefined': () => String.prototype.padStart.call(undefined, 2 ** 30, ''),
  'padEnd object maxLength 2**30': () => 'x'.padEnd(max(2 ** 30)),
  'padEnd this.toString 2**30 ""': () => String.prototype.padEnd.call(self, max(2 ** 30), fill('')),
  'padStart this.toString 2**30 "-"': () => String.prototype.padStart.call(self, max(2 ** 30), fill('-')),
};
for (const [name, f] of Object.entries(more)) {
  order.length = 0;
  try { const r = f(); console.log(name, 'length', r.length, order.join(',')); } catch (e) { console.log(name, e.name + ':', e.message, order.join(',')); }
}
order.length = 0;
console.log(String.prototype.padEnd.call(self, max(5), fill('-=')), order.join(','));
console.log(String.prototype.padEnd.length, String.prototype.padEnd.name, Object.getOwnPropertyDescriptor(String.prototype, 'padEnd').enumerable);
console.log('é'.padStart(4, 'ab'), 'x'.padEnd(6, '€é'), '€'.repeat(3), 'x'.padStart(3), JSON.stringify('ab'.padEnd(5)), 'abc'.padEnd(2, 'z'));
