// status: 1
// A name that resolves to nothing at the top level of a script: the error names the line and
// column of the reference itself.
let a = 1;
console.log('before', a);
const b = a +
  missingName;
console.log('never printed');
