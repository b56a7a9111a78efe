// flags: --virtual-time
// args: first --second third
// explore: skip: it prints the time a timer ran at, which timer padding and idle periods, the user agent's choices, change.
console.log('args:', JSON.stringify(taskhost.args), Object.isFrozen(taskhost.args));
console.log('self === globalThis:', self === globalThis);
console.log('virtual time:', taskhost.virtualTime, 'starts at', performance.now());
const origin = performance.timeOrigin;
console.log('timeOrigin is wall-clock ms:', origin > 1.6e12, 'Date.now() agrees:', Math.abs(Date.now() - origin) < 1000);
setTimeout(() => {
  console.log('after a 2.5 s timer, now() =', performance.now(), 'Date.now() moved with it:', Math.round(Date.now() - origin) >= 2499);
  console.log('toJSON has timeOrigin:', performance.toJSON().timeOrigin === origin);
}, 2500);
const clone = structuredClone({ when: new Date(0), map: new Map([[1, 'one']]), nested: [1, [2]] });
console.log('structuredClone:', clone.when.getTime(), clone.map.get(1), JSON.stringify(clone.nested));
console.error('console.error goes to stderr');
console.warn('console.warn goes to stderr');
console.group('group');
console.log('indented');
console.groupEnd();
console.log('not indented');
// [Replaceable]: assigning replaces the property.
self = 'replaced';
console.log('self after assignment:', self);
