// A tap on an idle page, its listeners queueing work: each of the contact's and the lift's
// events posts a message, sets a zero-delay timer, posts a user-blocking task and requests an
// animation frame. The contact and the lift are two input events; the lift's task also gives
// the compatibility mouse events and the click. What runs between them and after them is each
// event loop's policy (docs/EVENT_LOOP.md, "Rendering and input", says taskhost's).
// (A tap during a long task is not recorded: Chromium delivers the touch only after the task,
// racing the tasks queued before it, from run to run.)
const log = [];
const b = document.body.appendChild(document.createElement('button'));
b.id = 'b';
b.setAttribute('style', 'position:absolute;left:0;top:0;width:100px;height:100px');
const channel = new MessageChannel();
channel.port1.onmessage = (e) => log.push(`message after ${e.data}`);
for (const type of ['pointerdown', 'touchstart', 'pointerup', 'touchend', 'mousedown', 'mouseup', 'click']) {
  b.addEventListener(type, (e) => {
    log.push(`${type} trusted=${e.isTrusted}`);
    channel.port2.postMessage(type);
    setTimeout(() => log.push(`timeout after ${type}`), 0);
    scheduler.postTask(() => log.push(`postTask after ${type}`), { priority: 'user-blocking' });
    requestAnimationFrame(() => log.push(`frame after ${type}`));
  });
}
setTimeout(() => console.log([...log, 'end'].join('\n')), 1500);
