// [Replaceable] attributes of the global (scheduler, performance, self) check their `this`: the
// getter and setter throw "Illegal invocation" for anything but the global (null/undefined mean
// the global).
for (const name of ['scheduler', 'performance', 'self']) {
  const { get, set } = Object.getOwnPropertyDescriptor(globalThis, name);
  const results = [];
  for (const [label, call] of [
    ['get on {}', () => get.call({})],
    ['set on {}', () => set.call({}, 1)],
    ['get on undefined', () => get.call(undefined) === globalThis[name]],
  ]) {
    try {
      results.push(`${label}: ${call()}`);
    } catch (e) {
      results.push(`${label}: ${e.name}: ${e.message}`);
    }
  }
  console.log(name, '|', results.join(' | '));
}
const o = {};
try { Object.getOwnPropertyDescriptor(globalThis, 'scheduler').set.call(o, 1); } catch {}
console.log('the object was not changed:', !('scheduler' in o));
