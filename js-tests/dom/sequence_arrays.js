// sequence<T> arguments (AbortSignal.any, TaskSignal.any) read arrays with the iteration
// protocol's observable steps: element getters run once each, in index order, with the length
// re-read after each; a replaced Array.prototype[Symbol.iterator] or
// %ArrayIteratorPrototype%.next is called; holes read through the prototype chain (WebIDL
// §3.2.18, "create a sequence from an iterable"). Chromium 156 differs on the replaced iterators:
// its bindings read an array directly even then (its output here: "own iterator used: undefined
// get 1", no "prototype iterator", "next called 0 times"); the WebIDL steps call them, as
// taskhost does.
const a = new AbortController();
const b = new AbortController();

// Element getters, and a getter that grows the array while it is read.
const log = [];
const arr = [a.signal];
Object.defineProperty(arr, 1, { get() { log.push('get 1'); arr.push(b.signal); return b.signal; }, configurable: true });
const any = AbortSignal.any(arr);
console.log(log.join(), 'length now', arr.length);
b.abort('b');
console.log('aborted by the element appended while reading:', any.aborted, any.reason);

// A hole reads through Array.prototype.
const holey = [a.signal, , a.signal];
Array.prototype[1] = b.signal;
console.log('hole read from the prototype:', AbortSignal.any(holey).aborted);
delete Array.prototype[1];

// A replaced @@iterator on the array itself, then on Array.prototype.
const own = [a.signal];
own[Symbol.iterator] = function* () { log.push('own iterator'); yield b.signal; };
console.log('own iterator used:', AbortSignal.any(own).reason, log.at(-1));
const values = Array.prototype[Symbol.iterator];
Array.prototype[Symbol.iterator] = function* () { log.push('prototype iterator'); yield* values.call(this); };
TaskSignal.any([a.signal]);
console.log(log.at(-1));
Array.prototype[Symbol.iterator] = values;

// A replaced %ArrayIteratorPrototype%.next.
const arrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
const next = arrayIteratorPrototype.next;
let nextCalls = 0;
arrayIteratorPrototype.next = function () { nextCalls++; return next.call(this); };
TaskSignal.any([a.signal, a.signal]);
console.log('next called', nextCalls, 'times');
arrayIteratorPrototype.next = next;

// Not iterable, and iterables that are not arrays.
try { AbortSignal.any({ 0: a.signal, length: 1 }); } catch (e) { console.log(e.constructor.name, e.message); }
console.log('a Set:', AbortSignal.any(new Set([b.signal])).aborted);
console.log('a proxy of an array:', AbortSignal.any(new Proxy([b.signal], {})).aborted);
