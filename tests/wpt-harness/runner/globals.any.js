// META: global=window,worker
// Each variant runs in its own global (the window, or the worker the page starts): GLOBAL says
// which, and an unnamed test takes the file name up to its first dot in every one of them
// (META_TITLE in the window, the worker script's location in a worker).
'use strict';

test(() => {
  assert_false(GLOBAL.isShadowRealm(), "isShadowRealm()");
  if (GLOBAL.isWindow()) {
    assert_false(GLOBAL.isWorker(), "isWorker()");
    assert_true(self instanceof Window, "a Window");
    assert_equals(typeof document, "object", "a document");
  } else {
    assert_true(GLOBAL.isWorker(), "isWorker()");
    assert_true(self instanceof WorkerGlobalScope, "a WorkerGlobalScope");
    assert_equals(typeof document, "undefined", "no document");
    // Both worker variants run the same script, as wptserve serves them.
    assert_equals(location.pathname, "/runner/globals.any.worker.js");
  }
}, "GLOBAL says which global this is");

test(() => {
  const shared = typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
  const dedicated = typeof DedicatedWorkerGlobalScope === "function" && self instanceof DedicatedWorkerGlobalScope;
  assert_equals([GLOBAL.isWindow(), dedicated, shared].filter(Boolean).length, 1);
}, "one kind of global");

// A message the test posts from a dedicated worker is not a report.
if (typeof DedicatedWorkerGlobalScope === "function" && self instanceof DedicatedWorkerGlobalScope) {
  postMessage({ from: "the test" });
}

test(() => {});
