// Reports the shape of `performance` in a worker global.
function report() {
  const onPrototype = Object.getOwnPropertyDescriptor(WorkerGlobalScope.prototype, 'performance');
  performance.mark('in the worker');
  return [
    self.constructor.name,
    Object.prototype.toString.call(performance),
    typeof onPrototype.get, typeof onPrototype.set,
    Object.prototype.hasOwnProperty.call(self, 'performance'),
    performance instanceof EventTarget,
    performance.getEntriesByType('mark').map((e) => e.name).join(),
    typeof performance.now(), performance.timeOrigin === performance.toJSON().timeOrigin,
  ].join(' | ');
}
if (typeof onconnect === 'undefined' && typeof postMessage === 'function') {
  postMessage(report());
} else {
  onconnect = (e) => e.ports[0].postMessage(report());
}
