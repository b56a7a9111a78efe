// flags: --virtual-time
// Timers with equal deadlines run in the order they were set, whatever their delay arguments.
setTimeout(() => console.log('A (10 ms, set first)'), 10);
setTimeout(() => console.log('B (10 ms, set second)'), 10);
setTimeout(() => {
  // Set at t=5 with 5 ms: due at 10 as well, but set after A and B.
  setTimeout(() => console.log('D (set at 5 for 5 ms)'), 5);
}, 5);
setTimeout(() => console.log('C (10 ms, set third)'), 10);
setTimeout(() => console.log('E (0 ms)'), 0);
