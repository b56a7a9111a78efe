// flags: --virtual-time
// status: 1
// Extra arguments reach the callback; `this` is the global; a string handler is compiled and run
// as global code; an exception in one timer is reported and the loop goes on.
var globalVar = 'global var';
setTimeout(function (x, y, z) {
  console.log('args', x, y, z, this === globalThis);
}, 1, 'one', 2, { three: 3 }.three);
setTimeout('console.log("string handler sees", globalVar); var fromString = 42;', 2);
setTimeout(() => console.log('declared by the string:', globalThis.fromString), 3);
setTimeout(() => { throw new Error('thrown in a timer'); }, 4);
setTimeout(() => console.log('after the throw'), 5);
setTimeout({ toString() { return 'console.log("object handler stringified")'; } }, 6);
