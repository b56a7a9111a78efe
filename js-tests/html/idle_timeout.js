// explore: skip: it needs the real clock (a message ping-pong keeps the loop busy while real time passes); --explore runs on the virtual clock.
// The timeout option of requestIdleCallback: while tasks keep the loop busy (a MessageChannel
// ping-pong, never idle), the callback runs as a task when its timeout expires, with
// didTimeout = true and no time remaining; a callback without timeout waits for idleness.
const { port1, port2 } = new MessageChannel();
let busy = true;
let pings = 0;
port1.onmessage = () => { pings++; if (busy) port2.postMessage(0); };
port2.onmessage = () => port1.postMessage(0);
port2.postMessage(0);
requestIdleCallback(() => console.log('no timeout: runs once the ping-pong stopped, busy =', busy));
const start = performance.now();
requestIdleCallback((d) => {
  console.log('timed out:', d.didTimeout, 'remaining', d.timeRemaining(), 'waited >= 20 ms', performance.now() - start >= 20, 'pings > 0', pings > 0);
  busy = false;
}, { timeout: 20 });
// A cancelled callback's timeout does not keep the loop alive or run it.
cancelIdleCallback(requestIdleCallback(() => console.log('must not run'), { timeout: 100000 }));
