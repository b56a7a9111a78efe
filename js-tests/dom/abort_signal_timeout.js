// flags: --virtual-time
// explore: skip: it prints when AbortSignal.timeout() fires, which timer padding and idle periods, the user agent's choices, change.
// AbortSignal.timeout(ms): a TimeoutError on the timer task source, ordered with setTimeout.
const start = performance.now();
const s = AbortSignal.timeout(100);
console.log(s.aborted, s instanceof AbortSignal);
s.onabort = () => console.log('timeout fired at', performance.now() - start, s.reason.name, s.reason.code, s.reason.message);
setTimeout(() => console.log('setTimeout 100 set after: runs after the signal'), 100);
setTimeout(() => console.log('setTimeout 50'), 50);
const z = AbortSignal.timeout(0);
z.onabort = () => console.log('timeout(0) fired', z.reason instanceof DOMException);
// [EnforceRange] unsigned long long.
for (const v of [-1, NaN, Infinity, 2 ** 53, 'x']) {
  try { AbortSignal.timeout(v); console.log('no error'); } catch (e) { console.log(String(v), e.constructor.name + ': ' + e.message); }
}
try { AbortSignal.timeout(); } catch (e) { console.log(e.message); }
AbortSignal.timeout(1.9).onabort = () => console.log('1.9 truncates to 1 ms: fired at', performance.now() - start);
