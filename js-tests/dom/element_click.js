// HTMLElement.prototype.click(): an untrusted PointerEvent named click (pointerId -1, empty
// pointerType, bubbling, cancelable, composed, view the element's window), dispatched at once
// without the press and release events, not nested in a click of the same element (its click in
// progress flag), and not timed by Event Timing (no entry, not counted). Chromium 156 prints the same for the event's
// fields.
const d = document.body.appendChild(document.createElement('div'));
const out = [];
d.addEventListener('click', (e) => {
  out.push([e.constructor.name, e.isTrusted, e.pointerId, JSON.stringify(e.pointerType), e.bubbles,
    e.cancelable, e.composed, e.detail, e.button, e.buttons, e.view === window, e.clientX, e.width,
    e.height, e.pressure, e.isPrimary, e.eventPhase].join(' '));
  d.click();
  out.push('nested click ignored');
});
for (const t of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
  d.addEventListener(t, () => out.push(`unexpected ${t}`));
}
document.body.addEventListener('click', (e) => out.push(`bubbled to body, target is div: ${e.target === d}`));
out.push(`returns ${d.click()}`);
d.click();
out.push(`second click ran too: ${out.filter((l) => l.startsWith('PointerEvent')).length === 2}`);
const canceled = document.body.appendChild(document.createElement('span'));
canceled.addEventListener('click', (e) => e.preventDefault());
canceled.click();
try {
  HTMLElement.prototype.click.call({});
} catch (e) {
  out.push(`on a non-element: ${e.constructor.name}`);
}
new PerformanceObserver((list) => out.push(`unexpected entry ${list.getEntries()[0].name}`))
  .observe({ type: 'event', durationThreshold: 16 });
setTimeout(() => {
  out.push(`eventCounts click: ${performance.eventCounts.get('click')}`);
  console.log(out.join('\n'));
}, 50);
