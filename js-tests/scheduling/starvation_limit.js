// flags: --starvation-limit 30
// explore: skip: it needs the real clock (tasks busy-wait on performance.now() to starve others); --explore runs on the virtual clock.
// The opt-in anti-starvation limit: a chain of user-blocking tasks would keep a timer (normal
// band) and a background task (low band) waiting until it ends; with --starvation-limit 30 they
// run once they have waited more than 30 ms. (Each chain task spins 5 ms of real time so that
// time passes; see strict_bands.js for the same script without the flag.)
const order = [];
const spin = (ms) => { const end = performance.now() + ms; while (performance.now() < end); };
setTimeout(() => order.push('timer'), 0);
scheduler.postTask(() => order.push('background'), { priority: 'background' });
let n = 0;
function link() {
  spin(5);
  order.push(`ub${++n}`);
  if (n < 40) scheduler.postTask(link, { priority: 'user-blocking' });
  // The check comes last whatever the timing: a background task posted after everything else.
  else scheduler.postTask(check, { priority: 'background' });
}
scheduler.postTask(link, { priority: 'user-blocking' });
function check() {
  const t = order.indexOf('timer');
  const b = order.indexOf('background');
  console.log('timer ran inside the chain:', t > 0 && t < 40);
  console.log('background task ran inside the chain:', b > 0 && b < 41);
  console.log('the older of the two went first:', t < b);
}
