// flags: --virtual-time
// explore: skip: the order of input and rendering tasks is the user agent's, and the times of the events are what this checks.
// taskhost's touchscreen beyond a single tap: two fingers at once (touches and targetTouches
// list both; a tap of a finger that was not alone is no click), a held touch, the touch events'
// modifiers, bad arguments (clear errors, nothing queued) and a lift of a finger that is not
// down (said on stderr, its promise false).
const a = document.body.appendChild(document.createElement('div'));
a.id = 'a';
const b = document.body.appendChild(document.createElement('div'));
b.id = 'b';
const ids = new Map();
const name = (id) => {
  if (!ids.has(id)) ids.set(id, `P${ids.size + 1}`);
  return ids.get(id);
};
for (const type of ['pointerdown', 'pointerup', 'touchstart', 'touchend', 'mousedown', 'click']) {
  document.addEventListener(type, (e) => {
    let line = `${performance.now()} ${type}@${e.target.id}`;
    if (e.pointerId !== undefined) line += ` ${name(e.pointerId)} primary=${e.isPrimary}`;
    if (e.touches) {
      const list = (l) => [...l].map((t) => `${name(t.identifier)}@${t.target.id}`).join(',');
      line += ` touches=[${list(e.touches)}] targetTouches=[${list(e.targetTouches)}]` +
        ` changed=[${list(e.changedTouches)}] shift=${e.shiftKey}/${e.getModifierState('Shift')}`;
    }
    console.log(line);
  });
}
for (const [what, f] of Object.entries({
  'finger 10': () => taskhost.input.touchStart(a, { finger: 10 }),
  'finger 1.5': () => taskhost.input.touchStart(a, { finger: 1.5 }),
  'no target': () => taskhost.input.tap(),
  'hold -1': () => taskhost.input.tap(a, { hold: -1 }),
})) {
  try {
    f();
    console.log(what, 'accepted');
  } catch (e) {
    console.log(`${what}: ${e.name}: ${e.message}`);
  }
}
(async () => {
  // Two fingers: 0 on a, 1 on b, then 0 lifts, then 1 lifts.
  await taskhost.input.touchStart(a, { at: 10 });
  await taskhost.input.touchStart(b, { at: 20, finger: 1, shiftKey: true });
  await taskhost.input.touchEnd(a, { at: 30 });
  await taskhost.input.touchEnd(b, { at: 40, finger: 1 });
  console.log('--- a held tap');
  await taskhost.input.tap(a, { at: 100, hold: 250 });
  console.log('--- a lift without a touch');
  console.log('dispatched:', await taskhost.input.touchEnd(a, { finger: 3 }));
  console.log('interactionCount:', performance.interactionCount, 'maxTouchPoints:', navigator.maxTouchPoints);
})();
