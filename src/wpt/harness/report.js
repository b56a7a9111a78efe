// taskhost's testharnessreport.js: evaluated right after the harness (built-in or upstream), it
// hands the results to the runner when the harness completes. Builtins are captured now, so a
// test that replaces them cannot garble the report.
(function (global) {
  "use strict";
  const stringify = JSON.stringify;
  const toText = String;
  const runner = global.__taskhost_wpt;
  const deliver = runner.report;
  // Results are reported here, not rendered into the document (as a WPT runner's own
  // testharnessreport.js says).
  global.setup({ output: false });
  // The runner ends a file whose time is up with the harness's own timeout().
  runner.timeout = global.timeout;
  Object.freeze(runner);
  const text = (value) => (value === null || value === undefined ? null : toText(value));
  global.add_completion_callback(function (tests, status) {
    const subtests = [];
    for (let i = 0; i < tests.length; i++) {
      const test = tests[i];
      subtests[i] = { name: toText(test.name), status: test.status, message: text(test.message) };
    }
    deliver(stringify({ status: status.status, message: text(status.message), subtests }));
  });
})(globalThis);
