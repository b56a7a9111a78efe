// explore: skip: its listeners busy-wait on the real clock, so that every entry is observed
// The activation behaviour of keys, and their interactions. Each line: a key pressed on a focused
// element, the events its listeners saw, and the interactionIds of their Event Timing entries.
// The events are Chromium 156's for the same elements (playwright's keyboard), byte for byte; so
// are the ids (keypress shares its keydown's interaction, as in Chromium and Firefox, where the
// spec gives it none: docs/RENDERING.md).
for (const [tag, id, attrs] of [['button', 'b', {}], ['a', 'l', { href: '#x' }],
  ['div', 'd', { tabindex: '0' }], ['button', 'c', {}]]) {
  const el = document.createElement(tag);
  el.id = id;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
}

const log = [];
const busy = (ms) => { const end = performance.now() + ms; while (performance.now() < end); };
for (const id of ['b', 'l', 'd', 'c']) {
  const el = document.getElementById(id);
  for (const type of ['keydown', 'keypress', 'keyup', 'click']) {
    el.addEventListener(type, (e) => {
      busy(20);  // (so that each event's entry is long enough to be observed)
      log.push(`${type}@${id}${type === 'click' ? ` (pointerId ${e.pointerId}, pointerType '${e.pointerType}', detail ${e.detail}, trusted ${e.isTrusted})` : ''}`);
    });
  }
}
c.addEventListener('keydown', (e) => e.preventDefault());
c.addEventListener('keyup', (e) => e.preventDefault());
let entries = [];
new PerformanceObserver((list) => { entries.push(...list.getEntries()); })
  .observe({ type: 'event', durationThreshold: 16 });
(async () => {
  for (const [el, key] of [[b, 'Enter'], [b, ' '], [l, 'Enter'], [l, ' '], [d, 'Enter'], [d, ' '], [c, ' '], [c, 'Enter']]) {
    el.focus();
    entries = [];
    await taskhost.input.key(el, key);
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
    // The entries' interactionIds in a fixed order of names, named by order of appearance
    // (0: none).
    const letters = new Map([[0, '0']]);
    const ids = ['keydown', 'keypress', 'click', 'keyup'].flatMap((name) =>
      entries.filter((e) => e.name === name).map((e) => {
        if (!letters.has(e.interactionId)) letters.set(e.interactionId, 'ABCDEFGH'[letters.size - 1]);
        return `${name}:${letters.get(e.interactionId)}`;
      }));
    console.log(`${el.id} '${key}': ${log.join(', ')} | ${ids.join(' ')}`);
    log.length = 0;
  }
})();
