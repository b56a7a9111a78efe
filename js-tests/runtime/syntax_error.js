// status: 1
console.log('a syntax error means nothing runs');
let x = ;
