// flags: --virtual-time --imitate early-timer-clamp
// explore: skip: it prints the times timers ran at and the order of a timer against a message, which timer padding and the choice of task queue (the user agent's) change.
// timer_rules.js imitating firefox's timer rule (early-timer-clamp), as docs/EVENT_LOOP.md ("Every browser's order")
// describes it: the output differs from timer_rules.out exactly where the rule says.
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
