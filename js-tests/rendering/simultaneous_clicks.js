// flags: --virtual-time
// explore: skip: it prints the times input ran at, and input's place against rendering is the user agent's choice.
// Clicks and key presses that happen at the same time: each is pressed and released before the
// next is pressed, as a device sends them (a click's release takes its place among the tasks
// runnable at that time when the click happens), so every click fires and none is a release
// without a press.
const a = document.body.appendChild(document.createElement('button'));
a.id = 'a';
const b = document.body.appendChild(document.createElement('button'));
b.id = 'b';
const log = [];
for (const el of [a, b]) {
  for (const type of ['pointerdown', 'pointerup', 'click', 'keydown', 'keyup']) {
    el.addEventListener(type, (e) => log.push(`${type}@${el.id} detail=${e.detail}`));
  }
}
for (const el of [a, b, a]) taskhost.input.click(el, { at: 10 });
taskhost.input.key(a, 'x', { at: 10 });
taskhost.input.key(b, 'y', { at: 10 });
setTimeout(() => console.log(log.join('\n')), 100);
