// flags: --virtual-time
// explore: skip: it prints the times timers ran at and the order of a timer against a message, which timer padding and the choice of task queue (the user agent's) change.
// Nested zero-delay timers and a zero-delay timer against a task queued after it, under HTML's
// rules. The same program runs in timer_rules_firefox.js and timer_rules_webkit.js imitating each
// browser's timer rule; together they check that each rule changes exactly what it says.
// HTML "timer initialization steps" step 5: a nesting level greater than 5 clamps the timeout to
// 4 ms; "run steps after a timeout" step 4.3 lets the user agent wait longer (taskhost: not).
const times = [];
let level = 0;
const nest = () => {
  times.push(performance.now());
  if (++level < 8) setTimeout(nest, 0);
  else console.log('nested zero-delay timers ran at', times.join(', '));
};
setTimeout(nest, 0);
setTimeout(() => {
  const order = [];
  setTimeout(() => order.push('0 ms timer'), 0);
  const channel = new MessageChannel();
  channel.port1.onmessage = () => order.push('message queued after it');
  channel.port2.postMessage(0);
  setTimeout(() => console.log('then:', order.join(', ')), 20);
}, 100);
