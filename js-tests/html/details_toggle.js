// <details>: adding or removing `open` queues a `toggle` event (a ToggleEvent) on the DOM
// manipulation task source; toggling again before it fires replaces the queued event, which
// keeps the first old state. Each step waits for the event before it: the toggle tasks' place
// among other task sources (a timer's, say) is the event loop's choice.
const details = document.createElement('details');
const log = [];
let waiting = null;
const toggled = () => new Promise((resolve) => { waiting = resolve; });
details.ontoggle = (e) => log.push(`ontoggle ${e.constructor.name} ${e.oldState}->${e.newState} open=${details.open} trusted=${e.isTrusted}`);
details.addEventListener('toggle', (e) => {
  log.push(`listener ${e.type} bubbles=${e.bubbles}`);
  const resolve = waiting;
  waiting = null;
  resolve?.();
});
console.log(Object.prototype.toString.call(details), details.open);
details.open = true;
log.push('set open: no event yet');
Promise.resolve().then(() => log.push('microtasks run before the toggle task'));
(async () => {
  await toggled();
  // open, closed, open again before the task runs: one event, open -> open (from "open").
  details.removeAttribute('open');
  details.setAttribute('open', '');
  details.open = false;
  details.setAttribute('open', 'again');
  await toggled();
  details.setAttribute('open', 'same'); // still open: no event
  details.open = false; // the next event is this one (had "same" queued one, it would come first)
  await toggled();
  console.log(log.join('\n'));
  const e = new ToggleEvent('toggle', { oldState: 'open', newState: 'closed', bubbles: true });
  console.log(e.oldState, e.newState, e.bubbles, e.isTrusted, new ToggleEvent('x').oldState === '');
})();
