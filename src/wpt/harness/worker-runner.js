// The page of a worker variant (`x.any.worker.html`, `x.any.sharedworker.html`, `x.worker.html`),
// run in the window of `taskhost wpt-child`. wptserve's pages (WorkersHandler and
// SharedWorkersHandler in tools/serve/serve.py) load testharness.js and call
// `fetch_tests_from_worker(new Worker(url))` (or `new SharedWorker(url)`); here the harness runs
// in the worker only, and this script stands for the page's side of it: it starts the worker
// the runner names in `__taskhost_wpt.worker` ({type: "dedicated" or "shared", url}) and hands
// the report that the worker's report script sends (`{__taskhost_wpt_report: json}`) to the
// runner. When the file's time is up, the runner calls `__taskhost_wpt.timeout`, which asks the
// worker to end its harness (`{__taskhost_wpt_timeout: true}`).
(function (global) {
  "use strict";
  const runner = global.__taskhost_wpt;
  const deliver = runner.report;
  const stringify = JSON.stringify;
  const { type, url } = runner.worker;

  const onMessage = (event) => {
    const data = event.data;
    if (data !== null && typeof data === "object" && typeof data.__taskhost_wpt_report === "string") {
      deliver(data.__taskhost_wpt_report);
    }
  };
  // The worker's script could not be fetched (an `error` event that is not an ErrorEvent): the
  // harness never ran, so the file is an ERROR without subtests.
  const loadFailed = () => {
    deliver(stringify({
      status: 1,
      message: "the worker script " + url + " could not be loaded",
      subtests: [],
    }));
  };

  let timeoutTarget;
  if (type === "shared") {
    const worker = new SharedWorker(url);
    worker.port.onmessage = onMessage;
    worker.onerror = loadFailed;
    timeoutTarget = worker.port;
  } else {
    const worker = new Worker(url);
    worker.onmessage = onMessage;
    worker.onerror = (event) => {
      if (event instanceof ErrorEvent) {
        // An uncaught error in the worker: its harness saw it first and decides what it means
        // by `allow_uncaught_exception` (upstream's RemoteContext cancels it too, and decides
        // the same way).
        event.preventDefault();
      } else {
        loadFailed();
      }
    };
    timeoutTarget = worker;
  }
  runner.timeout = () => {
    timeoutTarget.postMessage({ __taskhost_wpt_timeout: true });
  };
  Object.freeze(runner);
})(globalThis);
