// A worker's global: its interfaces are made when used, seen as WebIDL's data properties.
const names = Object.getOwnPropertyNames(self);
const d = Object.getOwnPropertyDescriptor(self, 'MessageChannel');
const e = new Event('x');
let received = null;
onmessage = (m) => {
  received = m;
  postMessage({
    descriptor: [typeof d.value, d.writable, d.enumerable, d.configurable].join(' '),
    global: Object.prototype.toString.call(self),
    messageEvent: received instanceof MessageEvent && received.constructor === MessageEvent,
    event: e instanceof Event,
    order: Object.getOwnPropertyNames(self).join() === names.join(),
    workerOnly: typeof WorkerGlobalScope, windowOnly: typeof Document,
  });
};
