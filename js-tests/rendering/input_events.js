// flags: --virtual-time
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// Trusted input from taskhost.input: a click is pointerdown, mousedown (one task, at the press)
// then pointerup, mouseup, click (one task, at the release); a key press is keydown, keypress
// (a printable key), then keyup. Events bubble to the document, carry the time the input
// happened (timeStamp), and wait behind a long task; input runs before every other task, and
// after it the other tasks wait for the frame that shows its response (as in Chromium).
const log = [];
const button = document.body.appendChild(document.createElement('button'));
button.id = 'b';
const seen = (e) => `${e.type}@${e.currentTarget === document ? 'document' : 'button'} ` +
  `trusted=${e.isTrusted} ${e.constructor.name} timeStamp=${e.timeStamp} now=${performance.now()}`;
for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'keydown', 'keypress', 'keyup']) {
  button.addEventListener(type, (e) => log.push(seen(e)));
}
document.addEventListener('click', (e) => log.push(seen(e) +
  ` button=${e.button} buttons=${e.buttons} detail=${e.detail} pointerType=${e.pointerType} x=${e.clientX} y=${e.clientY}`));
document.addEventListener('keydown', (e) => log.push(`keydown key=${e.key} code=${e.code} keyCode=${e.keyCode} shift=${e.shiftKey}`));
document.addEventListener('keypress', (e) => log.push(`keypress charCode=${e.charCode}`));
// A long task from 5 to 105 ms; the click happens at 10 ms, during it.
setTimeout(() => { taskhost.clock.busy(100); log.push(`long task ends at ${performance.now()}`); }, 5);
taskhost.input.click(button, { at: 10, x: 3, y: 4 });
scheduler.postTask(() => log.push(`user-blocking task at ${performance.now()} (after the click)`),
  { priority: 'user-blocking', delay: 10 });
taskhost.input.key(button, 'A', { at: 200, code: 'KeyA', shiftKey: true, hold: 15 });
// A canceled pointerdown suppresses mousedown and mouseup, not the click.
setTimeout(() => {
  const p = (e) => { e.preventDefault(); log.push('pointerdown canceled'); };
  button.addEventListener('pointerdown', p, { once: true });
  taskhost.input.click(button);
}, 300);
setTimeout(() => console.log(log.join('\n')), 400);
