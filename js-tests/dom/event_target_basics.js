// EventTarget: constructible, subclassable, listener kinds, the listener key, errors.
const t = new EventTarget();
console.log(Object.getPrototypeOf(t) === EventTarget.prototype, typeof EventTarget, EventTarget.length);
class Emitter extends EventTarget {
  constructor() { super(); this.name = 'emitter'; }
  fire(type) { return this.dispatchEvent(new Event(type, { cancelable: true })); }
}
const e = new Emitter();
console.log(e instanceof EventTarget, e instanceof Emitter, e.name, Object.getPrototypeOf(Emitter) === EventTarget);

// A function listener is called with this = currentTarget; an object's handleEvent with this = the object.
const handler = { handleEvent(ev) { console.log('handleEvent', this === handler, ev.currentTarget === e); } };
function f(ev) { console.log('function', this === e, ev.target === e, ev.eventPhase === Event.AT_TARGET); }
e.addEventListener('x', f);
e.addEventListener('x', f); // duplicate: ignored
e.addEventListener('x', f, true); // capture is part of the key: a second listener
e.addEventListener('x', handler);
e.addEventListener('x', null); // null callback: nothing
console.log('fire ->', e.fire('x'));
e.removeEventListener('x', f); // removes the non-capture one only
console.log('after remove');
e.fire('x');
e.removeEventListener('x', f, { capture: true });
e.removeEventListener('x', handler);
console.log('after removing all');
e.fire('x');

// handleEvent is looked up at dispatch time; a non-callable one is reported and dispatch goes on.
const late = {};
e.addEventListener('y', late);
late.handleEvent = () => console.log('late handleEvent');
e.fire('y');

// preventDefault through a listener makes dispatchEvent return false.
e.addEventListener('z', ev => ev.preventDefault());
console.log('canceled ->', e.fire('z'));

// Errors in the browsers' wording.
for (const thunk of [
  () => t.addEventListener('x'),
  () => t.addEventListener('x', 5),
  () => t.dispatchEvent({}),
  () => t.dispatchEvent(),
  () => EventTarget.prototype.addEventListener.call({}, 'x', f),
  () => EventTarget(),
  () => t.addEventListener('x', f, { signal: {} }),
]) {
  try { thunk(); console.log('no error'); } catch (err) { console.log(err.constructor.name + ': ' + err.message); }
}
