// status: 1
// A source that ends in the middle of an expression: the error points at its end.
console.log("never printed");
const unfinished = (1 +
