// flags: --virtual-time
// explore: skip: frame times are the user agent's (which rendering opportunities it skips), and they are what this checks.
// An opened window renders with the page: its animation frame callbacks run in the same frames as
// the run's window's, after them (its documents come after the page's), with the same timestamp;
// once it is closed, its callbacks no longer run (and no longer keep frames coming).
const popup = window.open();
const frame = (who, n) => (t) => {
  console.log(`${who} frame ${n} at ${t}`);
  if (n < 2) (who === 'page' ? window : popup).requestAnimationFrame(frame(who, n + 1));
  else if (who === 'popup') {
    popup.requestAnimationFrame(() => console.log('never: the popup was closed'));
    popup.close();
    requestAnimationFrame((t) => console.log(`page frame after the close at ${t}`));
  }
};
popup.requestAnimationFrame(frame('popup', 1));
requestAnimationFrame(frame('page', 1));
