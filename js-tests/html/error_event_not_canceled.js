// status: 1
// An error event that is not canceled is reported to the console (exit status 1); an error
// thrown by an error listener itself goes to the console only (no recursion).
addEventListener('error', (e) => {
  console.log('listener saw', e.message);
  throw new Error('thrown while reporting');
});
setTimeout(() => { throw new RangeError('first'); });
