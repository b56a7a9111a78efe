// An `x.worker.js` test: the page `x.worker.html` starts this file as a dedicated worker; it
// imports the harness itself and calls done(). Only the `.any.js` wrappers define `GLOBAL`.
importScripts("/resources/testharness.js");

test(() => {
  assert_true(self instanceof DedicatedWorkerGlobalScope, "a dedicated worker's global");
  assert_equals(location.pathname, "/runner/worker-only.worker.js");
  assert_equals(typeof GLOBAL, "undefined");
}, "runs in a dedicated worker");
// An unnamed test takes the file name up to its first dot, from the worker's location.
test(() => {});
done();
