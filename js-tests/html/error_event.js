// "report an exception": an ErrorEvent at the global first; canceling it keeps the console quiet.
console.log(globalThis instanceof EventTarget, globalThis instanceof Window, Object.getPrototypeOf(Window.prototype) === EventTarget.prototype);
addEventListener('error', (e) => {
  console.log('error event:', e instanceof ErrorEvent, e.type, e.cancelable, e.isTrusted);
  console.log('  message:', e.message);
  console.log('  filename ends with error_event.js:', e.filename.endsWith('error_event.js'), 'lineno', e.lineno, 'colno > 0', e.colno > 0);
  console.log('  error:', e.error instanceof Error, e.error && e.error.message);
  e.preventDefault();
});
setTimeout(() => {
  null.property;
});
// onerror on the global gets (message, filename, lineno, colno, error); returning true cancels.
setTimeout(() => {
  onerror = function (message, filename, lineno, colno, error) {
    console.log('onerror args:', message, typeof filename, typeof lineno, typeof colno, error);
    return true;
  };
  setTimeout(() => { throw 'a string'; });
  setTimeout(part3);
});
// Errors from queueMicrotask callbacks and event listeners are reported the same way.
function part3() {
  onerror = null;
  const seen = [];
  addEventListener('error', (e) => { seen.push(e.error && e.error.message); e.preventDefault(); });
  queueMicrotask(() => { throw new Error('from microtask'); });
  const t = new EventTarget();
  t.addEventListener('x', () => { throw new Error('from listener'); });
  t.dispatchEvent(new Event('x'));
  setTimeout(() => console.log('reported:', seen.join(', ')));
}
// The ErrorEvent constructor.
const ev = new ErrorEvent('error', { message: 'm', filename: 'f.js', lineno: 3, colno: 4, error: 42 });
console.log(ev.message, ev.filename, ev.lineno, ev.colno, ev.error, ev instanceof Event);
const empty = new ErrorEvent('x');
console.log(JSON.stringify([empty.message, empty.filename, empty.lineno, empty.colno, empty.error]));
