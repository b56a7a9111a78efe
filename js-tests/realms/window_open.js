// window.open(): a new top-level window on the same event loop whose document loads from a task,
// with `opener`; close() unloads it from a task (pagehide, visibilitychange, unload, in that
// order) and then it is closed: its tasks never run. The page it loads reports through
// window.postMessage.
const log = (text) => console.log(text);
onmessage = (e) => {
  log(`opener got: ${e.data} (source is the popup: ${e.source === popup})`);
  if (e.data === 'popup frame') {
    log(`closing; closed before: ${popup.closed}`);
    popup.close();
    log(`closed right after close(): ${popup.closed}`);
    setTimeout(() => log(`later: closed ${popup.closed}, opened windows' opener still ${popup.opener === window}`), 50);
  }
};
const popup = window.open('pages/popup.html', 'reporting');
log(`open() returned a window: ${popup !== null && popup !== window}, opener is this window: ${popup.opener === window}`);
log(`its initial document: ${popup.location.href} ${popup.document.readyState} parent is itself: ${popup.parent === popup} top: ${popup.top === popup}`);
log(`this window's opener: ${window.opener}, closed: ${window.closed}`);
// The same name finds the same window (an empty URL does not navigate it).
log(`by name: ${window.open('', 'reporting') === popup}`);
// noopener: a window, but null is returned.
log(`noopener: ${window.open('', '_blank', 'noopener')}, noreferrer: ${window.open('', '', 'NoReferrer=1')}`);
// The run's own window is not navigated to another document.
try { window.open('pages/popup.html', '_self'); } catch (e) { log(`${e.name}: ${e.message}`); }
log(`_self with no URL: ${window.open('', '_self') === window}, _top: ${window.open('', '_top') === window}`);
// The run's own window does not close.
window.close();
// opener can be disowned.
const other = window.open();
other.opener = null;
log(`disowned: ${other.opener}`);
