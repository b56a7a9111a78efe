// The start of a worker variant's script (`x.any.worker.js`), before the harness, as in the
// wrapper that wptserve's ClassicWorkerHandler serves (tools/serve/serve.py): the `GLOBAL`
// object tests use to ask which global they run in.
(function (global) {
  "use strict";
  Object.defineProperty(global, "GLOBAL", {
    value: {
      isWindow() { return false; },
      isWorker() { return true; },
      isShadowRealm() { return false; },
    },
    writable: true,
    enumerable: false,
    configurable: true,
  });
})(globalThis);
