// status: 1
// A CommonJS package: taskhost loads only ES modules, and says so.
import leftPad from 'cjs-pkg';
console.log('not reached', leftPad);
