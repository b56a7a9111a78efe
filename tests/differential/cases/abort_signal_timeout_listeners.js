// AbortSignal.timeout(ms) aborts its signal from a timer task, with no script on the stack, so each
// abort listener is followed by the microtask checkpoint of "clean up after running script" (HTML,
// step 3). That holds for the listeners of a signal that follows it through AbortSignal.any too: DOM's
// "signal abort" fires the source signal's event, then each dependent signal's, in the same task.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

const signal = AbortSignal.timeout(10);
const dependent = AbortSignal.any([signal]);
let steps = 0;
const listener = (name) => (e) => {
  log.push(`${name}: steps of the previous listener's chain already run: ${steps}`);
  steps = 0;
  queueMicrotask(() => log.push(`${name}: microtask (${e.target.reason.name})`));
  Promise.resolve()
    .then(() => log.push(`${name}: reaction 1 (${++steps})`))
    .then(() => log.push(`${name}: reaction 2 (${++steps})`));
};
signal.addEventListener('abort', listener('signal listener 1'));
signal.addEventListener('abort', listener('signal listener 2'));
dependent.addEventListener('abort', listener('dependent listener 1'));
dependent.addEventListener('abort', listener('dependent listener 2'));
dependent.addEventListener('abort', () => setTimeout(finish, 0));
