// "Clean up after running script": when the host fires an event from a task (a message arriving,
// AbortSignal.timeout() aborting), each listener's microtasks run before the next listener; an
// event that script dispatches runs all its listeners first.
const timeoutLog = [], messageLog = [], scriptLog = [], handlerLog = [];
const listen = (target, type, log) => {
  target.addEventListener(type, () => { log.push('L1'); queueMicrotask(() => log.push('M1')); });
  target.addEventListener(type, () => { log.push('L2'); queueMicrotask(() => log.push('M2')); });
};
listen(AbortSignal.timeout(0), 'abort', timeoutLog);
const channel = new MessageChannel();
listen(channel.port1, 'message', messageLog);
channel.port1.start();
channel.port2.postMessage('ping');
const other = new MessageChannel();
other.port1.onmessage = () => { handlerLog.push('H'); queueMicrotask(() => handlerLog.push('HM')); };
other.port1.addEventListener('message', () => handlerLog.push('L'));
other.port2.postMessage('ping');
const target = new EventTarget();
listen(target, 'x', scriptLog);
target.dispatchEvent(new Event('x'));
scriptLog.push('after dispatchEvent');
setTimeout(() => {
  console.log('AbortSignal.timeout:', timeoutLog.join(' '));
  console.log('message:', messageLog.join(' '));
  console.log('onmessage then a listener:', handlerLog.join(' '));
  console.log('dispatchEvent:', scriptLog.join(' '));
  channel.port1.close();
  other.port1.close();
}, 5);
