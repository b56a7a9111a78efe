// flags: --virtual-time
// Clearing timers: before they are due, from inside another callback that runs at the same
// deadline (after the cleared one was already queued), an interval from its own callback, and
// ids that are unknown or of the wrong kind.
const a = setTimeout(() => console.log('a must not run'), 5);
clearTimeout(a);

let later;
setTimeout(() => { console.log('first at 10 clears the second'); clearTimeout(later); }, 10);
later = setTimeout(() => console.log('second at 10 must not run'), 10);

let count = 0;
const iv = setInterval(() => {
  count++;
  console.log('interval', count);
  if (count === 3) clearInterval(iv);
}, 20);

// clearInterval clears a timeout too (one shared map), and unknown ids are ignored.
const b = setTimeout(() => console.log('b must not run'), 1);
clearInterval(b);
clearTimeout(123456);
clearTimeout();
clearTimeout('not a number');
const ids = [setTimeout(() => {}), setTimeout(() => {}), setInterval(() => {}, 1)];
console.log('ids are positive integers:', ids.every((id) => Number.isInteger(id) && id > 0));
console.log('ids are distinct:', new Set(ids).size === ids.length);
clearInterval(ids[2]);
