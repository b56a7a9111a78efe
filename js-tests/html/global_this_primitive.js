// WebIDL substitutes the global object for a null or undefined `this` only: any other primitive
// `this` fails the brand check (TypeError), also for the interfaces the global implements.
const onerror = Object.getOwnPropertyDescriptor(globalThis, 'onerror');
const selfDesc = Object.getOwnPropertyDescriptor(globalThis, 'self');
let heard = 0;
for (const [label, call] of [
  ['addEventListener on 1', () => EventTarget.prototype.addEventListener.call(1, 'x', () => heard++)],
  ['dispatchEvent on "s"', () => EventTarget.prototype.dispatchEvent.call('s', new Event('x'))],
  ['removeEventListener on true', () => EventTarget.prototype.removeEventListener.call(true, 'x', () => {})],
  ['onerror get on 1', () => onerror.get.call(1)],
  ['onerror set on 1', () => onerror.set.call(1, () => {})],
  ['self get on 1', () => selfDesc.get.call(1)],
  ['AbortSignal aborted on 1', () => Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted').get.call(1)],
  ['onerror get on undefined', () => onerror.get.call(undefined)],
  ['addEventListener on undefined', () => EventTarget.prototype.addEventListener.call(undefined, 'y', () => {})],
]) {
  try {
    console.log(`${label}: ${call()}`);
  } catch (e) {
    console.log(`${label}: ${e.name}: ${e.message}`);
  }
}
dispatchEvent(new Event('x'));
console.log('global listener for x added:', heard !== 0, '| onerror:', globalThis.onerror);
