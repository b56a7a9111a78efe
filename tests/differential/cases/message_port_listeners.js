// A MessagePort message event is fired by the host from a task (the posted message task source), with
// no script on the stack: each listener is invoked by WebIDL's "call a user object's operation", which
// ends with "clean up after running script" (HTML, step 3), so a microtask checkpoint runs after each
// listener. Listener 1's whole promise chain runs before listener 2 is called.
const log = [];
const finish = () => console.log([...log, 'end'].join('\n'));

const { port1, port2 } = new MessageChannel();
let steps = 0;
port2.addEventListener('message', (e) => {
  log.push(`${e.data}: listener 1`);
  steps = 0;
  queueMicrotask(() => log.push(`${e.data}: microtask queued by listener 1`));
  Promise.resolve()
    .then(() => log.push(`${e.data}: reaction 1 (${++steps})`))
    .then(() => log.push(`${e.data}: reaction 2 (${++steps})`))
    .then(() => log.push(`${e.data}: reaction 3 (${++steps})`));
});
port2.addEventListener('message', (e) => {
  log.push(`${e.data}: listener 2, reactions already run: ${steps}`);
  Promise.resolve().then(() => log.push(`${e.data}: reaction queued by listener 2`));
  if (e.data === 'second') setTimeout(finish, 0);
});
port2.start();
port1.postMessage('first');
port1.postMessage('second');
