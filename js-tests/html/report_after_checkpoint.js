// explore: skip: the order it checks between task sources (timers, messages and the rejection notification task) is the documented policy's; HTML's event loop leaves it to the user agent.
// A callback's exception is reported after its microtask checkpoint. WebIDL "invoke a callback
// function" step 14: 14.2 "clean up after running script" (HTML: the JavaScript execution context
// stack is empty, so perform a microtask checkpoint), then 14.6 "report an exception". DOM's "inner
// invoke" step 2.11 reports a listener's exception after "call a user object's operation" has cleaned
// up (its step 15). So a timer handler, a queueMicrotask callback and a host-fired event listener that
// queue a microtask and throw see the microtask run before the error event. Two see it after: a
// listener called by script (dispatchEvent) has script on the stack, so no checkpoint; and a
// queueMicrotask callback runs inside a checkpoint already, whose step 1 makes the nested one return.
// (Chromium 156 reports first in every case; see docs/EVENT_LOOP.md, "Where Chromium deviates".)
const log = [];
addEventListener('error', (e) => {
  log.push(`error event: ${e.error.message}`);
  e.preventDefault();
});
const queueAndThrow = (label) => () => {
  Promise.resolve().then(() => log.push(`${label}: its microtask`));
  throw new Error(label);
};

setTimeout(queueAndThrow('timer handler'), 0);
setTimeout(() => queueMicrotask(queueAndThrow('microtask callback')), 0);
setTimeout(() => {
  const { port1, port2 } = new MessageChannel();
  port1.addEventListener('message', queueAndThrow('host-fired listener'));
  port1.start();
  port2.postMessage('');
}, 0);
setTimeout(() => {
  const target = new EventTarget();
  target.addEventListener('ping', queueAndThrow('listener called by script'));
  target.dispatchEvent(new Event('ping'));
  log.push('dispatchEvent returned');
}, 0);
setTimeout(() => console.log(log.join('\n')), 10);
