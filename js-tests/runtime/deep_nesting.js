// status: 1
// Input nested deeper than the parser can take is a RangeError, never a crashed process; deep
// data structures are fine.
const deepSource = '['.repeat(10000) + ']'.repeat(10000);
try {
  eval(deepSource);
} catch (e) {
  console.log('eval of a 10,000-level array literal:', e.name);
}
try {
  new Function('return ' + '('.repeat(10000) + '1' + ')'.repeat(10000));
} catch (e) {
  console.log('Function of 10,000 parentheses:', e.name);
}
setTimeout('[' .repeat(10000) + ']'.repeat(10000));
const shallow = eval('['.repeat(1000) + ']'.repeat(1000));
console.log('a 1,000-level literal parses:', Array.isArray(shallow));
// (JSON.stringify of a 100,000-deep object also gives its result, but Boa's serializer is
// quadratic in depth and takes minutes; 5,000 shows the same path.)
let deep = {};
for (let i = 0; i < 5000; i++) deep = { x: deep };
console.log('JSON.stringify of a 5,000-deep object:', JSON.stringify(deep).length);
let deeper = {};
for (let i = 0; i < 100000; i++) deeper = { x: deeper };
try {
  structuredClone(deeper);
} catch (e) {
  console.log('structuredClone of a 100,000-deep object:', e.name);
}
let copy = structuredClone(deep), depthOfCopy = 0;
while (copy.x) { copy = copy.x; depthOfCopy++; }
console.log('structuredClone of a 5,000-deep object:', depthOfCopy);
let nested = [];
for (let i = 0; i < 100000; i++) nested = [nested];
console.log('String() of a 100,000-deep array:', JSON.stringify(String(nested)));
function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); }
console.log('JS recursion 5,000 deep:', depth(5000));
