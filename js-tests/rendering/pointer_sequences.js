// flags: --virtual-time
// Pointer and key sequences as headless Chromium 156 fires them for the same input: the
// expected output is Chromium's, recorded by tools/differential/pointer-sequences.mjs with
// playwright's mouse and keyboard on the same <div>s: boundary events when the mouse moves
// onto another element (out, leave, over, enter: pointer events first, then mouse events, then
// pointermove and mousemove), a press and release split (pointerDown/pointerUp), contextmenu at
// the secondary button's press, auxclick for other buttons, click at the common ancestor when
// the button is released over another element, a release without a press, the click count and
// dblclick, and keypress for Enter. Moves waiting for a frame are dispatched before a press.
const outer = document.body.appendChild(document.createElement('div'));
outer.id = 'outer';
const a = outer.appendChild(document.createElement('div'));
a.id = 'a';
const b = outer.appendChild(document.createElement('div'));
b.id = 'b';
const log = [];
const types = ['pointerover', 'pointerenter', 'pointerout', 'pointerleave', 'pointermove',
  'pointerdown', 'pointerup', 'mouseover', 'mouseenter', 'mouseout', 'mouseleave', 'mousemove',
  'mousedown', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu', 'keydown', 'keypress',
  'keyup'];
for (const type of types) {
  for (const el of [outer, a, b, document.body]) {
    el.addEventListener(type, (e) => {
      if (e.currentTarget !== e.target && e.bubbles) return;
      const where = e.currentTarget === document.body ? 'BODY' : e.currentTarget.id;
      let line = `${e.type}@${where} d${e.detail} b${e.button}/${e.buttons} ${e.constructor.name}`;
      if (e.pointerType) line += ` ${e.pointerType}`;
      if (e.key !== undefined) line += ` key=${e.key} code=${e.code} kc=${e.keyCode} cc=${e.charCode}`;
      log.push(line);
    });
  }
}
document.addEventListener('contextmenu', (e) => e.preventDefault());
const input = taskhost.input;
const step = async (name, f) => {
  await f();
  await taskhost.clock.nextFrame();
  console.log(`## ${name}\n${log.splice(0).join('\n')}`);
};
(async () => {
await step('move into a', () => input.pointerMove(a));
await step('move a->b', () => input.pointerMove(b));
await step('down/up on b', async () => { await input.pointerDown(b); await input.pointerUp(b); });
await step('second click on b (dbl)', async () => { await input.pointerDown(b); await input.pointerUp(b); });
await step('right click on b', async () => {
  await input.pointerDown(b, { button: 2 });
  await input.pointerUp(b, { button: 2 });
});
await step('middle click on b', async () => {
  await input.pointerDown(b, { button: 1 });
  await input.pointerUp(b, { button: 1 });
});
await step('down on b, move to a, up', async () => {
  await new Promise((r) => setTimeout(r, 600));
  await input.pointerDown(b);
  input.pointerMove(a);
  await input.pointerUp(a);
});
await step('up without down', () => input.pointerUp(a));
await step('move to outer only', () => input.pointerMove(outer));
await step('press k', () => input.key(b, 'k'));
await step('press Enter', () => input.key(b, 'Enter'));
await step('press Space', () => input.key(b, ' '));
await step('press Shift+A', async () => {
  await input.keyDown(b, 'Shift');
  await input.key(b, 'A', { shiftKey: true });
  await input.keyUp(b, 'Shift');
});
})();
