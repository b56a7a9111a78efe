// status: 1
// A name that resolves to nothing inside a function: the error names the statement that threw,
// not the function's first line; a reference marked by the engine (an argument) or in a nested
// function is not taken for it.
function helper(x) {
  return x;
}
function g(flag) {
  const inner = () => missingName;
  helper(flag);
  if (flag) {
    return missingName();
  }
  return inner;
}
console.log(typeof g(false));
g(true);
