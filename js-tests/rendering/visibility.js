// flags: --virtual-time
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// Page visibility: a hidden page has no frames (its animation frame callbacks wait), and
// visibilitychange (bubbling, trusted) fires at the document in a user interaction task when
// the page is hidden or shown; showing it renders what waited, at the next vsync.
const log = [];
log.push(`start: ${document.visibilityState} hidden=${document.hidden}`);
document.addEventListener('visibilitychange', (e) =>
  log.push(`visibilitychange at ${performance.now()}: ${document.visibilityState}, bubbles=${e.bubbles} trusted=${e.isTrusted}`));
document.onvisibilitychange = () => log.push('  onvisibilitychange');
taskhost.page.hide({ at: 5 });
setTimeout(() => {
  requestAnimationFrame((ts) => log.push(`frame at ${ts.toFixed(3)} (requested while hidden)`));
}, 10);
taskhost.page.show({ at: 200 });
setTimeout(() => console.log(log.join('\n')), 300);
