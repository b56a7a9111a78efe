// AbortSignal.any(): dependent signals, flattening, already-aborted inputs, event order.
const a = new AbortController();
const b = new AbortController();
const any = AbortSignal.any([a.signal, b.signal]);
console.log(any instanceof AbortSignal, any.aborted);
const order = [];
a.signal.addEventListener('abort', () => order.push('source'));
any.addEventListener('abort', () => order.push('dependent, aborted=' + any.aborted));
const r = new Error('reason A');
a.abort(r);
console.log(order.join(' | '), any.reason === r);
b.abort('later');
console.log('still the first reason:', any.reason === r);

// Already-aborted inputs: the result is aborted at once with the first aborted input's reason.
const x = new AbortController();
const y = new AbortController();
y.abort('y reason');
x.abort('x reason');
const pre = AbortSignal.any([new AbortController().signal, y.signal, x.signal]);
console.log('pre-aborted', pre.aborted, pre.reason);
let fired = false;
pre.addEventListener('abort', () => { fired = true; });
console.log('no event for a signal created aborted:', fired);

// Flattening: any() of a dependent follows the dependent's sources directly.
const root = new AbortController();
const dep1 = AbortSignal.any([root.signal]);
const dep2 = AbortSignal.any([dep1]);
const seen = [];
dep1.onabort = () => seen.push('dep1');
dep2.onabort = () => seen.push('dep2');
root.abort('root');
console.log(seen.join(','), dep2.reason);

// A dependent on an aborted dependent is aborted with its reason.
console.log(AbortSignal.any([dep1]).reason);

// Empty list: never aborts. Duplicates are fine.
const none = AbortSignal.any([]);
console.log('empty', none.aborted);
const dup = new AbortController();
const dd = AbortSignal.any([dup.signal, dup.signal]);
let count = 0;
dd.onabort = () => count++;
dup.abort();
console.log('duplicate inputs, one event:', count, dd.reason === dup.signal.reason);

// Any iterable of signals; anything else is a TypeError.
const s1 = new AbortController();
const fromSet = AbortSignal.any(new Set([s1.signal]));
s1.abort('set');
console.log(fromSet.reason);
for (const thunk of [
  () => AbortSignal.any(),
  () => AbortSignal.any(5),
  () => AbortSignal.any([{}]),
  () => AbortSignal.any([new EventTarget()]),
]) {
  try { thunk(); console.log('no error'); } catch (err) { console.log(err.constructor.name + ': ' + err.message); }
}

// A dependent on a timeout signal (virtual time is not needed: the timer is 0 ms).
const t = AbortSignal.any([AbortSignal.timeout(0)]);
t.onabort = () => console.log('dependent of timeout:', t.reason.name);
