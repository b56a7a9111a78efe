// explore: skip: the order it checks between task sources (messages and timers) is the documented policy's; HTML's event loop leaves it to the user agent.
// MessageChannel / MessagePort: structured clone, the posted message task source (ordered
// against timers by when they became runnable), implicit start(), start(), close(), transfer.
const { port1, port2 } = new MessageChannel();
console.log(port1 instanceof MessagePort, port1 instanceof EventTarget, new MessageChannel().port1 !== port1);
const log = [];
port2.onmessage = (e) => {
  log.push('message ' + JSON.stringify(e.data));
  if (e.data === 'last') finish();
};
setTimeout(() => log.push('timeout 0 (set before post 1)'), 0);
port1.postMessage(1);
setTimeout(() => log.push('timeout 0 (set after post 1)'), 0);
port1.postMessage({ nested: [1, { two: 2 }], date: new Date(0) instanceof Date });
port1.postMessage('last');
function finish() {
  console.log(log.join('\n'));
  part2();
}

// Data is a copy; the event's attributes.
function part2() {
  const ch = new MessageChannel();
  const sent = { n: 1 };
  ch.port2.addEventListener('message', (e) => {
    console.log('copy:', e.data !== sent, e.data.n, e instanceof MessageEvent, e.origin === '', e.lastEventId === '', e.source, Array.isArray(e.ports), Object.isFrozen(e.ports), e.ports === e.ports);
    part3();
  });
  ch.port1.postMessage(sent);
  sent.n = 2; // serialized at post time
  // addEventListener does not start the port: nothing arrives until start().
  setTimeout(() => { console.log('start() after a timer'); ch.port2.start(); }, 5);
}

// close(): no more delivery in either direction.
function part3() {
  const ch = new MessageChannel();
  ch.port2.onmessage = () => console.log('must not run');
  ch.port1.postMessage('x');
  ch.port2.close();
  ch.port1.postMessage('y');
  setTimeout(part4, 1);
}

// Transfer: the transferred port arrives in e.ports; the old object is detached.
function part4() {
  const a = new MessageChannel();
  const b = new MessageChannel();
  b.port2.postMessage('queued before the transfer');
  a.port2.onmessage = (e) => {
    const [moved] = e.ports;
    console.log('received port', moved instanceof MessagePort, moved !== b.port1, e.data.p === moved);
    moved.onmessage = (ev) => {
      console.log('via moved port:', ev.data);
      if (ev.data === 'after') part5();
    };
    b.port2.postMessage('after');
  };
  a.port1.postMessage({ p: b.port1 }, [b.port1]);
  try { a.port1.postMessage(null, [b.port1]); } catch (e) { console.log('detached port:', e.name); }
}

// DataCloneError cases, and postMessage with options.
function part5() {
  const ch = new MessageChannel();
  for (const thunk of [
    () => ch.port1.postMessage(() => {}),
    () => ch.port1.postMessage(Symbol('s')),
    () => ch.port1.postMessage(new EventTarget()),
    () => ch.port1.postMessage(1, [ch.port1]),
    () => ch.port1.postMessage(1, [{}]),
    () => { const q = new MessageChannel().port1; ch.port1.postMessage(1, { transfer: [q, q] }); },
  ]) {
    try { thunk(); console.log('no error'); } catch (e) { console.log(e.constructor.name, e.name, e.code); }
  }
  // Posting the entangled port itself: the channel is lost, nothing is delivered.
  ch.port2.onmessage = () => console.log('must not run');
  ch.port1.postMessage('doomed', [ch.port2]);
  // MessageEvent constructor.
  const p = new MessageChannel().port1;
  const e = new MessageEvent('message', { data: 5, origin: 'o', lastEventId: 'id', source: p, ports: [p] });
  console.log(e.data, e.origin, e.lastEventId, e.source === p, e.ports.length, e.ports[0] === p);
  try { new MessageEvent('m', { source: {} }); } catch (err) { console.log(err.message); }
  console.log('onmessageerror' in MessagePort.prototype, new MessageChannel().port1.onmessageerror);
  try { new MessagePort(); } catch (err) { console.log(err.message); }
}
