// flags: --max-time 0.02
// A run that has nothing left to do has finished (status 0), even when it took longer than
// --max-time: the limit stops work that is still pending, not work that is done.
const end = performance.now() + 60;
while (performance.now() < end);
console.log('done after the limit');
