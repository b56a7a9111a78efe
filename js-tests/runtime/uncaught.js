// status: 1
// An uncaught exception ends the script it was thrown in, not the event loop: timers set before
// it still run, and the exit status is 1.
setTimeout(() => console.log('timer set before the throw still runs'), 0);
console.log('before');
function fail() {
  throw new RangeError('out of range');
}
fail();
console.log('never printed');
