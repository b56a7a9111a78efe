// taskhost's testharnessreport.js: evaluated right after the harness (built-in or upstream), it
// hands the results to the runner when the harness completes, and lets the runner end a file
// whose time is up with the harness's own timeout(). Builtins are captured now, so a test that
// replaces them cannot garble the report.
//
// - In the window of `taskhost wpt-child`, the runner's hidden `__taskhost_wpt` object takes the
//   results, and the runner calls `__taskhost_wpt.timeout`. As wptrunner's testharnessreport.js,
//   this script gives the harness's setup() the run's `--timeout-multiplier`
//   (`__taskhost_wpt.timeout_multiplier`): the harness's own timer (upstream's: 10 s, or 60 s
//   with `<meta name="timeout" content="long">`) and step_timeout() scale with the file's limit,
//   so a file that needs the multiplier is not timed out by the harness before the runner's
//   limit.
// - In a worker (the worker variants, where this script follows the harness in what the worker
//   gets for /resources/testharness.js), the window is the runner's page (worker-runner.js): the
//   results go to it as a message `{__taskhost_wpt_report: json}`, through the global's
//   postMessage() in a dedicated worker, or through the port of the page's `connect` in a shared
//   worker (held until the connection comes); a message `{__taskhost_wpt_timeout: true}` from
//   the page calls timeout(), and the test's own message listeners do not see it.
(function (global) {
  "use strict";
  const stringify = JSON.stringify;
  const toText = String;
  const apply = Reflect.apply;
  const harnessTimeout = global.timeout;
  const text = (value) => (value === null || value === undefined ? null : toText(value));

  // The results as the runner reads them (numeric statuses, as testharness.js has them).
  function encode(tests, status) {
    const subtests = [];
    for (let i = 0; i < tests.length; i++) {
      const test = tests[i];
      subtests[i] = { name: toText(test.name), status: test.status, message: text(test.message) };
    }
    return stringify({ status: status.status, message: text(status.message), subtests });
  }

  // A worker's way to the page: returns the function that sends the report.
  function workerTransport() {
    const addListener = EventTarget.prototype.addEventListener;
    const stopImmediatePropagation = Event.prototype.stopImmediatePropagation;
    const onMessage = function (event) {
      const data = event.data;
      if (data !== null && typeof data === "object" && data.__taskhost_wpt_timeout === true) {
        apply(stopImmediatePropagation, event, []);
        harnessTimeout();
      }
    };
    const shared = typeof global.SharedWorkerGlobalScope === "function" &&
      global instanceof global.SharedWorkerGlobalScope;
    if (!shared) {
      // A dedicated worker: its global's postMessage() reaches the Worker object in the page.
      const post = global.postMessage;
      apply(addListener, global, ["message", onMessage]);
      return (json) => apply(post, global, [{ __taskhost_wpt_report: json }]);
    }
    // A shared worker: the page's connection comes in a `connect` event (the first one), after
    // the worker's script has run; a report made before it waits for it.
    const portPost = MessagePort.prototype.postMessage;
    const portStart = MessagePort.prototype.start;
    let port = null;
    let held = null;
    apply(addListener, global, ["connect", function (event) {
      if (port !== null) {
        return;
      }
      port = event.ports[0];
      apply(addListener, port, ["message", onMessage]);
      apply(portStart, port, []);
      if (held !== null) {
        apply(portPost, port, [{ __taskhost_wpt_report: held }]);
        held = null;
      }
    }]);
    return (json) => {
      if (port === null) {
        held = json;
      } else {
        apply(portPost, port, [{ __taskhost_wpt_report: json }]);
      }
    };
  }

  let deliver;
  const runner = global.__taskhost_wpt;
  if (runner) {
    deliver = runner.report;
    // Results are reported here, not rendered into the document (as a WPT runner's own
    // testharnessreport.js says); the harness's timeouts are multiplied as the file's limit is.
    const properties = { output: false };
    if (typeof runner.timeout_multiplier === "number") {
      properties.timeout_multiplier = runner.timeout_multiplier;
    }
    global.setup(properties);
    runner.timeout = harnessTimeout;
    Object.freeze(runner);
  } else {
    deliver = workerTransport();
  }
  global.add_completion_callback(function (tests, status) {
    deliver(encode(tests, status));
  });
})(globalThis);
