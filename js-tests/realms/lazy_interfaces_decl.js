// Declarations of the script over interfaces' global properties: a function declaration makes an
// enumerable, non-configurable data property; `var` keeps the interface object.
var Response;
function DOMParser() {}
function IdleDeadline() { return 'mine'; }
const d = Object.getOwnPropertyDescriptor(globalThis, 'IdleDeadline');
console.log(typeof d.value, d.writable, d.enumerable, d.configurable, IdleDeadline());
var TextDecoder;
console.log(typeof TextDecoder, TextDecoder.name);
requestIdleCallback((deadline) => {
  // The host made the IdleDeadline interface for its own object.
  console.log(Object.prototype.toString.call(deadline), typeof deadline.timeRemaining());
});
