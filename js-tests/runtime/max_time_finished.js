// flags: --max-time 0.02
// explore: skip: it needs the real clock (it busy-waits past --max-time on the wall clock); --explore runs on the virtual clock.
// A run that has nothing left to do has finished (status 0), even when it took longer than
// --max-time: the limit stops work that is still pending, not work that is done.
const end = performance.now() + 60;
while (performance.now() < end);
console.log('done after the limit');
