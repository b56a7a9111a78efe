export function greet(who) {
  return `hello from ${who}`;
}
