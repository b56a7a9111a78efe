// A key press that happens during a long task, against the work queued before it: a zero-delay
// timer, postTask callbacks of each priority, a message and an idle callback. When the long task ends, which runs first is each event loop's policy
// (HTML leaves the choice of task queue to the user agent; docs/EVENT_LOOP.md, "Rendering and
// input", says taskhost's): Chromium runs input first.
const log = [];
const b = document.body.appendChild(document.createElement('button'));
b.id = 'b';
b.setAttribute('style', 'position:absolute;left:0;top:0;width:100px;height:100px');
for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'keydown', 'keypress', 'keyup']) {
  b.addEventListener(type, (e) => log.push(`${type} trusted=${e.isTrusted}`));
}
for (const type of ['keydown', 'keypress', 'keyup']) {
  document.addEventListener(type, (e) => log.push(`${type} at the document: ${e.key}`));
}
setTimeout(() => log.push('timeout 0'), 0);
scheduler.postTask(() => log.push('postTask user-blocking'), { priority: 'user-blocking' });
scheduler.postTask(() => log.push('postTask user-visible'));
scheduler.postTask(() => log.push('postTask background'), { priority: 'background' });

const channel = new MessageChannel();
channel.port1.onmessage = () => log.push('message');
channel.port2.postMessage(0);
requestIdleCallback(() => log.push('idle callback'));
const spin = (ms) => {
  if (globalThis.taskhost) return taskhost.clock.busy(ms);
  const end = performance.now() + ms;
  while (performance.now() < end);
};
spin(2000); // the key press happens at 800 ms (well inside it, however late the recorder hears that the script started)
setTimeout(() => console.log([...log, 'end'].join('\n')), 500);
