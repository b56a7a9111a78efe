// flags: --virtual-time --inp --input js-tests/rendering/resources/interactions.json
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// --input FILE replays timed interactions (targets resolved when each happens; a missing one is
// said on stderr and dropped); pointer moves are coalesced and dispatched with the next frame,
// before its animation frame callbacks; --inp prints the responsiveness summary at the end.
const save = document.body.appendChild(document.createElement('button'));
save.id = 'save';
const log = (s) => console.log(`${performance.now().toFixed(3)} ${s}`);
save.addEventListener('click', (e) => log(`click x=${e.clientX} y=${e.clientY} timeStamp=${e.timeStamp}`));
save.addEventListener('pointermove', (e) => {
  log(`pointermove x=${e.clientX} y=${e.clientY} timeStamp=${e.timeStamp} coalesced=${e.getCoalescedEvents().map((c) => `${c.clientX},${c.clientY}@${c.timeStamp}`).join(' ')}`);
  requestAnimationFrame((ts) => log(`frame ${ts.toFixed(3)} after the move`));
});
save.addEventListener('mousemove', () => log('mousemove'));
document.body.addEventListener('keydown', (e) => log(`keydown ${e.key}`));
document.addEventListener('visibilitychange', () => log(document.visibilityState));
scheduler.postTask(() => taskhost.clock.busy(60)); // 0 to 60 ms
requestAnimationFrame((ts) => log(`frame ${ts.toFixed(3)}`));
