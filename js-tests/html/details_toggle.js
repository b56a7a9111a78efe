// <details>: adding or removing `open` queues a `toggle` event (a ToggleEvent) on the DOM
// manipulation task source; toggling again before it fires replaces the queued event, which
// keeps the first old state.
const details = document.createElement('details');
const log = [];
details.ontoggle = (e) => log.push(`ontoggle ${e.constructor.name} ${e.oldState}->${e.newState} open=${details.open} trusted=${e.isTrusted}`);
details.addEventListener('toggle', (e) => log.push(`listener ${e.type} bubbles=${e.bubbles}`));
console.log(Object.prototype.toString.call(details), details.open);
details.open = true;
log.push('set open: no event yet');
Promise.resolve().then(() => log.push('microtasks run before the toggle task'));
setTimeout(() => {
  // open, closed, open again before the task runs: one event, closed -> open… from "open".
  details.removeAttribute('open');
  details.setAttribute('open', '');
  details.open = false;
  details.setAttribute('open', 'again');
  setTimeout(() => {
    details.setAttribute('open', 'same'); // still open: no event
    setTimeout(() => {
      console.log(log.join('\n'));
      const e = new ToggleEvent('toggle', { oldState: 'open', newState: 'closed', bubbles: true });
      console.log(e.oldState, e.newState, e.bubbles, e.isTrusted, new ToggleEvent('x').oldState === '');
    });
  });
});
