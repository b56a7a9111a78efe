// flags: --virtual-time
// status: 1
// Bad input gets a clear error or a defined behaviour: a script that does not exist (an `error`
// event at the Worker, and a line on stderr: a warning when the Worker listens for `error`, else
// an error and exit status 1), a syntax error in the script (reported like any
// uncaught error), a message that cannot be cloned (DataCloneError, thrown by postMessage), an
// invalid option (TypeError), a URL of another origin (SecurityError).
const missing = new Worker('resources/does_not_exist.js');
missing.onerror = (event) => console.log('missing script:', event.type, event.constructor.name);
new Worker('resources/also_missing.js');
const syntax = new Worker('resources/syntax_error_worker.js');
syntax.onerror = (event) => {
  console.log('syntax error:', event.message.split(':')[0]);
  event.preventDefault();
};
try {
  syntax.postMessage(() => {});
} catch (e) {
  console.log('function message:', e.name);
}
try {
  syntax.postMessage(Symbol('s'));
} catch (e) {
  console.log('symbol message:', e.name);
}
for (const [what, make] of [
  ['type: "shared"', () => new Worker('resources/echo_worker.js', { type: 'shared' })],
  ['another origin', () => new Worker('https://example.com/w.js')],
  ['no argument', () => new Worker()],
  ['called as a function', () => Worker('resources/echo_worker.js')],
]) {
  try {
    make();
    console.log(what, 'did not throw');
  } catch (e) {
    console.log(`${what}: ${e.name}`);
  }
}
