// What a click's listener queues, against each other: a microtask, an animation frame callback,
// a zero-delay timer, postTask callbacks of each priority and a message. The
// click happens while the page is idle. After a discrete input event Chromium gives the next
// frame priority over the other tasks the listener queued (docs/EVENT_LOOP.md, "Rendering and
// input").
const log = [];
const b = document.body.appendChild(document.createElement('button'));
b.id = 'b';
b.setAttribute('style', 'position:absolute;left:0;top:0;width:100px;height:100px');
b.addEventListener('click', () => {
  log.push('click');
  queueMicrotask(() => log.push('microtask'));
  requestAnimationFrame(() => log.push('animation frame'));
  setTimeout(() => log.push('timeout 0'), 0);
  scheduler.postTask(() => log.push('postTask user-blocking'), { priority: 'user-blocking' });
  scheduler.postTask(() => log.push('postTask user-visible'));
  scheduler.postTask(() => log.push('postTask background'), { priority: 'background' });
  const channel = new MessageChannel();
  channel.port1.onmessage = () => log.push('message');
  channel.port2.postMessage(0);
  setTimeout(() => console.log([...log, 'end'].join('\n')), 500);
});
