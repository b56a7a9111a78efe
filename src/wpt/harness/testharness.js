// taskhost's built-in test harness: the testharness.js API that Web Platform Tests use
// (https://web-platform-tests.org/writing-tests/testharness-api.html), written for taskhost.
//
// It runs in the window-like global of `taskhost wpt`, or in a dedicated or shared worker's
// global, and follows the upstream harness's semantics where tests can observe them:
// - subtest statuses PASS/FAIL/TIMEOUT/NOTRUN/PRECONDITION_FAILED (0–4) and harness statuses
//   OK/ERROR/TIMEOUT/PRECONDITION_FAILED (0–3);
// - `test` runs at once, `async_test` runs its body at once and waits for `done()`,
//   `promise_test`s run one after another, each starting in a microtask after the previous one
//   (and its cleanups) completed;
// - in a window, the file counts as loaded in the task after the one that evaluates its scripts
//   (as a window's harness waits for the load event); in a worker, which has no load event, it
//   counts as loaded at once and waits for an explicit `done()` (the worker wrapper calls it after
//   the test), as upstream's worker test environments do; the harness completes when the file is
//   loaded, every test has completed and no `explicit_done` is pending;
// - an uncaught exception or unhandled rejection outside a test step makes the harness status
//   ERROR and completes it (unless `allow_uncaught_exception`); a test that never started is
//   NOTRUN, one that started and never finished is TIMEOUT;
// - there is no harness timer: the runner calls `timeout()` when the file's time is up (or when
//   nothing is left that could finish it).
// Assertion messages read `<assert name>: <description> <what was wrong>`, with values shown by
// `format_value`, as upstream's do, so results compare with a browser's.
(function (global) {
  "use strict";

  const TEST_STATUS = Object.freeze({ PASS: 0, FAIL: 1, TIMEOUT: 2, NOTRUN: 3, PRECONDITION_FAILED: 4 });
  const HARNESS_STATUS = Object.freeze({ OK: 0, ERROR: 1, TIMEOUT: 2, PRECONDITION_FAILED: 3 });
  // The life of a test: not started → running → has a result → cleaning up → complete.
  const PHASE = Object.freeze({ INITIAL: 0, STARTED: 1, HAS_RESULT: 2, CLEANING: 3, COMPLETE: 4 });
  // The life of the harness.
  const HARNESS_PHASE = Object.freeze({ INITIAL: 0, SETUP: 1, HAVE_TESTS: 2, HAVE_RESULTS: 3, COMPLETE: 4 });

  // Captured now, so a test that replaces a builtin cannot break the harness.
  const setTimeoutFn = global.setTimeout;
  const clearTimeoutFn = global.clearTimeout;
  const PromiseCtor = Promise;
  const objectToString = Object.prototype.toString;
  const hasOwn = Object.prototype.hasOwnProperty;

  // ---------------------------------------------------------------------------------------
  // Errors thrown by assertions.

  function AssertionError(message) {
    if (!(this instanceof AssertionError)) {
      return new AssertionError(message);
    }
    this.message = message;
    this.stack = new Error().stack;
  }
  // Like upstream's, these errors keep Error's `name`: messages read "Error: ..." as in browsers.
  AssertionError.prototype = Object.create(Error.prototype);
  AssertionError.prototype.constructor = AssertionError;

  function OptionalFeatureUnsupportedError(message) {
    if (!(this instanceof OptionalFeatureUnsupportedError)) {
      return new OptionalFeatureUnsupportedError(message);
    }
    AssertionError.call(this, message);
  }
  OptionalFeatureUnsupportedError.prototype = Object.create(AssertionError.prototype);
  OptionalFeatureUnsupportedError.prototype.constructor = OptionalFeatureUnsupportedError;

  // ---------------------------------------------------------------------------------------
  // Showing values in messages.

  const STRING_ESCAPES = new Map([
    ["\0", "\\0"], ["\b", "\\b"], ["\t", "\\t"], ["\n", "\\n"], ["\v", "\\v"], ["\f", "\\f"],
    ["\r", "\\r"], ['"', '\\"'], ["\\", "\\\\"],
  ]);

  function escapeString(text) {
    let out = "";
    for (const ch of text) {
      const code = ch.codePointAt(0);
      if (STRING_ESCAPES.has(ch)) {
        out += STRING_ESCAPES.get(ch);
      } else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff)) {
        out += "\\u" + code.toString(16).padStart(4, "0");
      } else {
        out += ch;
      }
    }
    return out;
  }

  function truncate(text, length) {
    return text.length > length ? text.slice(0, length - 3) + "..." : text;
  }

  function format_value(value, seen = []) {
    if (typeof value === "object" && value !== null) {
      if (seen.includes(value)) {
        return "[...]";
      }
      seen = seen.concat([value]);
    }
    if (Array.isArray(value)) {
      const head = value.beginEllipsis !== undefined ? "…, " : "";
      const tail = value.endEllipsis !== undefined ? ", …" : "";
      return "[" + head + value.map((item) => format_value(item, seen)).join(", ") + tail + "]";
    }
    switch (typeof value) {
      case "string":
        return '"' + escapeString(value) + '"';
      case "boolean":
      case "undefined":
        return String(value);
      case "number":
        return Object.is(value, -0) ? "-0" : String(value);
      case "bigint":
        return String(value) + "n";
      case "symbol":
        return value.toString();
      default:
        if (value === null) {
          return "null";
        }
        try {
          return typeof value + ' "' + truncate(String(value), 1000) + '"';
        } catch (e) {
          return "[stringifying object threw " + String(e) + " with type " + typeof e + "]";
        }
    }
  }

  // ---------------------------------------------------------------------------------------
  // The assertion core.

  // `<name>: <description> <error>`, where `${key}` in `error` is replaced by the formatted
  // value of `values[key]`.
  function makeMessage(name, description, error, values) {
    const filled = String(error).replace(/\$\{(\w+)\}/g, (whole, key) =>
      values && hasOwn.call(values, key) ? format_value(values[key]) : whole);
    return name + ": " + (description ? description + " " : "") + filled;
  }

  function check(condition, name, description, error, values) {
    if (condition !== true) {
      throw new AssertionError(makeMessage(name, description, error, values));
    }
  }

  // SameValue, as testharness compares: NaN equals NaN, +0 differs from -0.
  function sameValue(x, y) {
    return Object.is(x, y);
  }

  // ---------------------------------------------------------------------------------------
  // Assertions.

  function assert_true(actual, description) {
    check(actual === true, "assert_true", description, "expected true got ${actual}", { actual });
  }

  function assert_false(actual, description) {
    check(actual === false, "assert_false", description, "expected false got ${actual}", { actual });
  }

  function assert_equals(actual, expected, description) {
    if (typeof actual !== typeof expected) {
      check(false, "assert_equals", description,
        "expected (" + typeof expected + ") ${expected} but got (" + typeof actual + ") ${actual}",
        { expected, actual });
    }
    check(sameValue(actual, expected), "assert_equals", description,
      "expected ${expected} but got ${actual}", { expected, actual });
  }

  function assert_not_equals(actual, expected, description) {
    check(!sameValue(actual, expected), "assert_not_equals", description,
      "got disallowed value ${actual}", { actual });
  }

  function assert_in_array(actual, expected, description) {
    check(expected.indexOf(actual) !== -1, "assert_in_array", description,
      "value ${actual} not in array ${expected}", { actual, expected });
  }

  // A short view of an array around index `at`, for messages about long arrays.
  function shortArray(array, at) {
    if (array.length <= 20) {
      return array;
    }
    const start = Math.max(0, at - 5);
    const view = array.slice(start, at + 5);
    if (start > 0) view.beginEllipsis = true;
    if (at + 5 < array.length) view.endEllipsis = true;
    return view;
  }

  function assert_array_equals(actual, expected, description) {
    check(typeof actual === "object" && actual !== null && "length" in actual,
      "assert_array_equals", description, "value is ${actual}, expected array", { actual });
    check(actual.length === expected.length, "assert_array_equals", description,
      "lengths differ, expected array ${expected} length ${expectedLength}, got ${actual} length ${actualLength}",
      { expected: shortArray(expected, expected.length - 1), expectedLength: expected.length,
        actual: shortArray(actual, actual.length - 1), actualLength: actual.length });
    for (let i = 0; i < actual.length; i++) {
      check(hasOwn.call(actual, i) === hasOwn.call(expected, i), "assert_array_equals", description,
        "expected property ${i} to be " + (hasOwn.call(expected, i) ? "present" : "missing") +
        " but it was " + (hasOwn.call(actual, i) ? "present" : "missing") +
        " (expected array ${arrayExpected} got ${arrayActual})",
        { i, arrayExpected: shortArray(expected, i), arrayActual: shortArray(actual, i) });
      check(sameValue(actual[i], expected[i]), "assert_array_equals", description,
        "expected property ${i} to be ${expected} but got ${actual} (expected array ${arrayExpected} got ${arrayActual})",
        { i, expected: expected[i], actual: actual[i],
          arrayExpected: shortArray(expected, i), arrayActual: shortArray(actual, i) });
    }
  }

  function assert_array_approx_equals(actual, expected, epsilon, description) {
    check(actual.length === expected.length, "assert_array_approx_equals", description,
      "lengths differ, expected ${expected} got ${actual}", { expected: expected.length, actual: actual.length });
    for (let i = 0; i < actual.length; i++) {
      check(hasOwn.call(actual, i) === hasOwn.call(expected, i), "assert_array_approx_equals", description,
        "property ${i}, property expected to be " + (hasOwn.call(expected, i) ? "present" : "missing") +
        " but was " + (hasOwn.call(actual, i) ? "present" : "missing"), { i });
      check(typeof actual[i] === "number", "assert_array_approx_equals", description,
        "property ${i}, expected a number but got a ${type}", { i, type: typeof actual[i] });
      check(Math.abs(actual[i] - expected[i]) <= epsilon, "assert_array_approx_equals", description,
        "property ${i}, expected ${expected} +/- ${epsilon}, expected ${expected} but got ${actual}",
        { i, expected: expected[i], actual: actual[i], epsilon });
    }
  }

  function assert_approx_equals(actual, expected, epsilon, description) {
    check(typeof actual === "number", "assert_approx_equals", description,
      "expected a number but got a ${type}", { type: typeof actual });
    // Equal infinities (and equal values generally) are close whatever epsilon is.
    if (actual === expected) {
      return;
    }
    check(Math.abs(actual - expected) <= epsilon, "assert_approx_equals", description,
      "expected ${expected} +/- ${epsilon} but got ${actual}", { expected, actual, epsilon });
  }

  // The four comparisons and the two ranges share one shape.
  function compare(name, holds, relation) {
    return function (actual, expected, description) {
      check(typeof actual === "number" || typeof actual === "bigint", name, description,
        "expected a number but got a ${type}", { type: typeof actual });
      check(typeof actual === typeof expected, name, description,
        "expected a " + typeof expected + " but got a " + typeof actual);
      check(holds(actual, expected), name, description,
        "expected a number " + relation + " ${expected} but got ${actual}", { expected, actual });
    };
  }
  const assert_less_than = compare("assert_less_than", (a, e) => a < e, "less than");
  const assert_greater_than = compare("assert_greater_than", (a, e) => a > e, "greater than");
  const assert_less_than_equal = compare("assert_less_than_equal", (a, e) => a <= e, "less than or equal to");
  const assert_greater_than_equal =
    compare("assert_greater_than_equal", (a, e) => a >= e, "greater than or equal to");

  function between(name, holds, lowWord, highWord) {
    return function (actual, lower, upper, description) {
      check(typeof actual === "number", name, description,
        "expected a number but got a ${type}", { type: typeof actual });
      check(holds(actual, lower, upper), name, description,
        "expected a number greater than " + lowWord + "${lower} and less than " + highWord +
        "${upper} but got ${actual}", { lower, upper, actual });
    };
  }
  const assert_between_exclusive =
    between("assert_between_exclusive", (a, l, u) => a > l && a < u, "", "");
  const assert_between_inclusive =
    between("assert_between_inclusive", (a, l, u) => a >= l && a <= u, "or equal to ", "or equal to ");

  function assert_regexp_match(actual, expected, description) {
    check(expected.test(actual), "assert_regexp_match", description,
      "expected ${expected} but got ${actual}", { expected, actual });
  }

  function assert_class_string(object, className, description) {
    const actual = objectToString.call(object);
    const expected = "[object " + className + "]";
    check(sameValue(actual, expected), "assert_class_string", description,
      "expected ${expected} but got ${actual}", { expected, actual });
  }

  function assert_own_property(object, property, description) {
    check(hasOwn.call(object, property), "assert_own_property", description,
      "expected property ${p} missing", { p: property });
  }

  function assert_not_own_property(object, property, description) {
    check(!hasOwn.call(object, property), "assert_not_own_property", description,
      "unexpected property ${p} is found on object", { p: property });
  }

  function inherits(name) {
    return function (object, property, description) {
      check(typeof object === "object" || typeof object === "function" || object instanceof Object,
        name, description, "provided value is not an object");
      check("hasOwnProperty" in object, name, description,
        "provided value is an object but has no hasOwnProperty method");
      check(!object.hasOwnProperty(property), name, description,
        "property ${p} found on object expected in prototype chain", { p: property });
      check(property in object, name, description,
        "property ${p} not found in prototype chain", { p: property });
    };
  }
  const assert_inherits = inherits("assert_inherits");
  const assert_idl_attribute = inherits("assert_idl_attribute");

  // Read-only: the nearest descriptor of the property is a non-writable data property or an
  // accessor without a setter.
  function assert_readonly(object, property, description) {
    check(property in object, "assert_readonly", description, "property ${p} not found", { p: property });
    let holder = object;
    let desc;
    while (holder && (desc = Object.getOwnPropertyDescriptor(holder, property)) === undefined) {
      holder = Object.getPrototypeOf(holder);
    }
    check(desc !== undefined, "assert_readonly", description,
      "could not find a descriptor for property ${p}", { p: property });
    if (hasOwn.call(desc, "value")) {
      check(desc.writable === false, "assert_readonly", description,
        "descriptor [[Writable]] expected false got ${actual}", { actual: desc.writable });
    } else {
      check(desc.set === undefined, "assert_readonly", description,
        "property ${p} is an accessor property with a [[Set]] attribute, cannot test readonly-ness",
        { p: property });
    }
  }

  function assert_unreached(description) {
    check(false, "assert_unreached", description, "Reached unreachable code");
  }

  function assert_implements(condition, description) {
    if (!condition) {
      throw new AssertionError(("assert_implements: " + (description || "")).trim());
    }
  }

  function assert_implements_optional(condition, description) {
    if (!condition) {
      throw new OptionalFeatureUnsupportedError(description);
    }
  }

  function assert_any(assertFn, actual, expectedArray, ...rest) {
    const errors = [];
    for (const expected of expectedArray) {
      try {
        assertFn.apply(this, [actual, expected, ...rest]);
        return;
      } catch (e) {
        errors.push(e.message);
      }
    }
    throw new AssertionError(errors.join("\n\n"));
  }

  function assert_object_equals(actual, expected, description) {
    check(typeof actual === "object" && actual !== null, "assert_object_equals", description,
      "value is ${actual}, expected object", { actual });
    (function compareObjects(a, e, path, stack) {
      stack = stack.concat([a]);
      for (const p in a) {
        check(hasOwn.call(e, p), "assert_object_equals", description,
          "unexpected property ${p}", { p: path.concat([p]).join(".") });
        if (typeof a[p] === "object" && a[p] !== null) {
          if (!stack.includes(a[p])) compareObjects(a[p], e[p], path.concat([p]), stack);
        } else {
          check(sameValue(a[p], e[p]), "assert_object_equals", description,
            "property ${p} expected ${expected} got ${actual}",
            { p: path.concat([p]).join("."), expected: e[p], actual: a[p] });
        }
      }
      for (const p in e) {
        check(hasOwn.call(a, p), "assert_object_equals", description,
          "expected property ${p} missing", { p: path.concat([p]).join(".") });
      }
    })(actual, expected, [], []);
  }

  // The exception `func` throws, or an AssertionError when it does not throw.
  function thrownBy(func, name, description) {
    try {
      func.call(this);
    } catch (e) {
      return e;
    }
    throw new AssertionError(makeMessage(name, description, "${func} did not throw", { func }));
  }

  function checkJsException(e, constructor, func, description, name) {
    check(typeof e === "object", name, description,
      "${func} threw ${e} with type ${type}, not an object", { func, e, type: typeof e });
    check(e !== null, name, description, "${func} threw null, not an object", { func });
    check(typeof constructor === "function", name, description,
      "${constructor} is not a constructor", { constructor });
    let base = constructor;
    while (base && !(typeof base === "function" && base.name === "Error")) {
      base = Object.getPrototypeOf(base);
    }
    check(base != null, name, description, "${constructor} is not an Error subtype", { constructor });
    check(e.constructor === constructor && e.name === constructor.name, name, description,
      "${func} threw ${actual} (${actual_name}) expected instance of ${expected} (${expected_name})",
      { func, actual: e, actual_name: e.name, expected: constructor, expected_name: constructor.name });
  }

  function assert_throws_js(constructor, func, description) {
    const e = thrownBy(func, "assert_throws_js", description);
    if (e instanceof AssertionError) throw e;
    checkJsException(e, constructor, func, description, "assert_throws_js");
  }

  // DOMException names with their legacy code constants (code 0 when there is none).
  const DOM_EXCEPTIONS = [
    ["IndexSizeError", "INDEX_SIZE_ERR", 1], ["HierarchyRequestError", "HIERARCHY_REQUEST_ERR", 3],
    ["WrongDocumentError", "WRONG_DOCUMENT_ERR", 4], ["InvalidCharacterError", "INVALID_CHARACTER_ERR", 5],
    ["NoModificationAllowedError", "NO_MODIFICATION_ALLOWED_ERR", 7], ["NotFoundError", "NOT_FOUND_ERR", 8],
    ["NotSupportedError", "NOT_SUPPORTED_ERR", 9], ["InUseAttributeError", "INUSE_ATTRIBUTE_ERR", 10],
    ["InvalidStateError", "INVALID_STATE_ERR", 11], ["SyntaxError", "SYNTAX_ERR", 12],
    ["InvalidModificationError", "INVALID_MODIFICATION_ERR", 13], ["NamespaceError", "NAMESPACE_ERR", 14],
    ["InvalidAccessError", "INVALID_ACCESS_ERR", 15], ["TypeMismatchError", "TYPE_MISMATCH_ERR", 17],
    ["SecurityError", "SECURITY_ERR", 18], ["NetworkError", "NETWORK_ERR", 19], ["AbortError", "ABORT_ERR", 20],
    ["URLMismatchError", "URL_MISMATCH_ERR", 21], ["QuotaExceededError", "QUOTA_EXCEEDED_ERR", 22],
    ["TimeoutError", "TIMEOUT_ERR", 23], ["InvalidNodeTypeError", "INVALID_NODE_TYPE_ERR", 24],
    ["DataCloneError", "DATA_CLONE_ERR", 25],
    ["EncodingError", null, 0], ["NotReadableError", null, 0], ["UnknownError", null, 0],
    ["ConstraintError", null, 0], ["DataError", null, 0], ["TransactionInactiveError", null, 0],
    ["ReadOnlyError", null, 0], ["VersionError", null, 0], ["OperationError", null, 0],
    ["NotAllowedError", null, 0], ["OptOutError", null, 0],
  ];

  // What a DOMException of `type` (a name, a legacy constant name or a code) must look like: its
  // legacy code, and its name too when the code is 0 or the thrown object has a modern name.
  function expectedDomException(type, name, description) {
    check(typeof type === "number" || typeof type === "string", name, description,
      "${type} is not a number or string", { type });
    let entry;
    if (typeof type === "number") {
      if (type === 0) {
        throw new AssertionError("Test bug: ambiguous DOMException code 0 passed to " + name + "()");
      }
      entry = DOM_EXCEPTIONS.find(([, , code]) => code === type);
      if (!entry) {
        throw new AssertionError('Test bug: unrecognized DOMException code "' + type + '" passed to ' + name + "()");
      }
      return { name: entry[0], code: type };
    }
    entry = DOM_EXCEPTIONS.find(([n, legacy]) => n === type || legacy === type);
    if (!entry) {
      throw new AssertionError('Test bug: unrecognized DOMException code name or name "' + type +
        '" passed to ' + name + "()");
    }
    return { name: entry[0], code: entry[2] };
  }

  function checkDomException(e, type, constructor, func, description, name) {
    check(typeof e === "object", name, description,
      "${func} threw ${e} with type ${type}, not an object", { func, e, type: typeof e });
    check(e !== null, name, description, "${func} threw null, not an object", { func });
    const expected = expectedDomException(type, name, description);
    const props = ["code"];
    const modernName = "name" in e && e.name !== String(e.name).toUpperCase() && e.name !== "DOMException";
    if (expected.code === 0 || modernName) {
      props.push("name");
    }
    for (const prop of props) {
      // Loose equality, as upstream compares.
      check(prop in e && e[prop] == expected[prop], name, description,
        "${func} threw ${e} that is not a DOMException " + type +
        ": property ${prop} is equal to ${actual}, expected ${expected}",
        { func, e, prop, actual: e[prop], expected: expected[prop] });
    }
    check(e.constructor === constructor, name, description,
      "${func} threw an exception from the wrong global", { func });
  }

  // assert_throws_dom(type, [constructor,] func, description)
  function assert_throws_dom(type, funcOrConstructor, descriptionOrFunc, maybeDescription) {
    let constructor = global.DOMException;
    let func = funcOrConstructor;
    let description = descriptionOrFunc;
    if (arguments.length === 4 || (typeof descriptionOrFunc === "function" && arguments.length === 3)) {
      constructor = funcOrConstructor;
      func = descriptionOrFunc;
      description = maybeDescription;
    }
    const e = thrownBy(func, "assert_throws_dom", description);
    if (e instanceof AssertionError) throw e;
    checkDomException(e, type, constructor, func, description, "assert_throws_dom");
  }

  function assert_throws_exactly(exception, func, description) {
    const e = thrownBy(func, "assert_throws_exactly", description);
    if (e instanceof AssertionError && !(exception instanceof AssertionError)) throw e;
    check(sameValue(e, exception), "assert_throws_exactly", description,
      "${func} threw ${e} but we expected it to throw ${exception}", { func, e, exception });
  }

  // ---------------------------------------------------------------------------------------
  // Promise assertions: each resolves when the promise rejected as expected.

  // A promise of another realm (an iframe's) is brought into this one through its own then(), as
  // upstream does: a promise job of a removed frame's realm would never run.
  function rejection(test, promise, description) {
    return new PromiseCtor((resolve, reject) => promise.then(resolve, reject)).then(
      test.unreached_func("Should have rejected: " + description),
      (reason) => reason);
  }

  function promise_rejects_js(test, constructor, promise, description) {
    return rejection(test, promise, description).then((e) => {
      checkJsException(e, constructor, function() { throw e; }, description, "promise_rejects_js");
    });
  }

  // promise_rejects_dom(test, type, [constructor,] promise, description)
  function promise_rejects_dom(test, type, promiseOrConstructor, descriptionOrPromise, maybeDescription) {
    let constructor = global.DOMException;
    let promise = promiseOrConstructor;
    let description = descriptionOrPromise;
    if (maybeDescription !== undefined ||
        (typeof promiseOrConstructor === "function" && descriptionOrPromise &&
         typeof descriptionOrPromise.then === "function")) {
      constructor = promiseOrConstructor;
      promise = descriptionOrPromise;
      description = maybeDescription;
    }
    return rejection(test, promise, description).then((e) => {
      checkDomException(e, type, constructor, function() { throw e; }, description, "promise_rejects_dom");
    });
  }

  function promise_rejects_exactly(test, exception, promise, description) {
    return rejection(test, promise, description).then((e) => {
      check(sameValue(e, exception), "promise_rejects_exactly", description,
        "${func} threw ${e} but we expected it to throw ${exception}",
        { func: function() { throw e; }, e, exception });
    });
  }

  // ---------------------------------------------------------------------------------------
  // The harness.

  // The global's kind, as upstream's create_test_environment() tells them apart: a window has a
  // document; a dedicated or shared worker's global is a WorkerGlobalScope.
  const inWorker = !("document" in global) && typeof global.WorkerGlobalScope === "function" &&
    global instanceof global.WorkerGlobalScope;

  const harness = {
    phase: HARNESS_PHASE.INITIAL,
    tests: [],
    pending: 0,
    status: { status: null, message: null, stack: null },
    // A worker has no load event: its file counts as loaded at once, and the harness waits for
    // `done()` (upstream's DedicatedWorkerTestEnvironment and SharedWorkerTestEnvironment).
    loaded: inWorker,
    waitForFinish: inWorker,
    fileIsTest: false,
    allowUncaughtException: false,
    aborted: false,
    timeoutMultiplier: 1,
    // Test files have no harness timer here: the runner ends them (see the file's header).
    explicitTimeout: false,
    promiseSetupCalled: false,
    promiseChain: null,
    currentTest: null,
    processingCallbacks: false,
    properties: {},
    startCallbacks: [],
    testStateCallbacks: [],
    resultCallbacks: [],
    completionCallbacks: [],
    titleCounter: 0,
  };

  // The file's title: `META_TITLE` (the runner's, or a worker wrapper's `title=`), else the name
  // of the global's file up to its first dot (a worker's script `x.any.worker.js` gives "x"), as
  // upstream's get_title() reads `location`.
  function title() {
    if (typeof global.META_TITLE === "string" && global.META_TITLE) {
      return global.META_TITLE;
    }
    const location = global.location;
    if (location && typeof location.pathname === "string") {
      const file = location.pathname.slice(location.pathname.lastIndexOf("/") + 1);
      const dot = file.indexOf(".");
      return dot < 0 ? "" : file.slice(0, dot);
    }
    return "Untitled";
  }

  function nextDefaultName() {
    const suffix = harness.titleCounter > 0 ? " " + harness.titleCounter : "";
    harness.titleCounter++;
    return title() + suffix;
  }

  // A test without a name is named after its body when it is a one-line arrow function without
  // parameters (`() => assert_true(x)` → "assert_true(x)", repeats get " 1", " 2", …), or else
  // after the file's title.
  const bodyNamesSeen = new Map();
  function testName(func, name) {
    if (name) {
      return name;
    }
    if (func) {
      const source = Function.prototype.toString.call(func);
      const arrow = /^\(\)\s*=>\s*(?:\{(.*)\}\s*|(.*))$/.exec(source);
      if (arrow && !/[\n\r\u2028\u2029]/.test(source)) {
        // A trailing `;` goes when it is the only one.
        const body = (arrow[1] !== undefined ? arrow[1] : arrow[2]).trim().replace(/^([^;]*)(;\s*)+$/, "$1");
        if (body) {
          const seen = bodyNamesSeen.get(body) || 0;
          bodyNamesSeen.set(body, seen + 1);
          return seen ? body + " " + seen : body;
        }
      }
    }
    return nextDefaultName();
  }

  function Test(name, properties) {
    if (harness.fileIsTest && harness.tests.length) {
      throw new Error("Tried to create a test with file_is_test");
    }
    this.name = name;
    this.phase = (harness.phase === HARNESS_PHASE.COMPLETE) ? PHASE.COMPLETE : PHASE.INITIAL;
    this.status = TEST_STATUS.NOTRUN;
    this.message = null;
    this.stack = null;
    this.properties = properties || {};
    this.timeoutId = null;
    this.index = null;
    this.cleanupCallbacks = [];
    this.userCleanupCount = 0;
    this.doneCallbacks = [];
    this.isPromiseTest = false;
    this.abortController = null;
    if (this.phase !== PHASE.COMPLETE) {
      harness.pending++;
      this.index = harness.tests.push(this) - 1;
      if (harness.phase < HARNESS_PHASE.HAVE_TESTS) {
        harness.phase = HARNESS_PHASE.HAVE_TESTS;
        for (const callback of harness.startCallbacks) callback(harness.properties);
      }
      notifyTestState(this);
    }
  }

  Object.assign(Test.prototype, TEST_STATUS);
  Test.statuses = TEST_STATUS;
  Test.phases = PHASE;
  Test.prototype.phases = PHASE;

  Test.prototype.structured_clone = function () {
    return { name: String(this.name), status: this.status, message: this.message === null ? null : String(this.message),
      stack: this.stack === null ? null : String(this.stack), index: this.index, properties: {} };
  };

  Test.prototype.set_status = function (status, message, stack) {
    this.status = status;
    this.message = message;
    this.stack = stack ? stack : null;
  };

  // Run `func` as a step of this test: an exception fails the test.
  Test.prototype.step = function (func, thisObj, ...args) {
    if (this.phase > PHASE.STARTED) {
      return undefined;
    }
    this.phase = PHASE.STARTED;
    // Without a result before the file's time is up, the test timed out.
    this.set_status(TEST_STATUS.TIMEOUT, "Test timed out");
    harness.currentTest = this;
    notifyTestState(this);
    if (this.timeoutId === null) {
      this.startTimer();
    }
    if (arguments.length === 1) {
      thisObj = this;
    }
    try {
      return func.apply(thisObj, args);
    } catch (e) {
      if (this.phase >= PHASE.HAS_RESULT) {
        return undefined;
      }
      const status = e instanceof OptionalFeatureUnsupportedError
        ? TEST_STATUS.PRECONDITION_FAILED : TEST_STATUS.FAIL;
      const message = String(typeof e === "object" && e !== null ? e.message : e);
      this.set_status(status, message, e && e.stack ? e.stack : null);
      this.phase = PHASE.HAS_RESULT;
      this.done();
      return undefined;
    } finally {
      harness.currentTest = null;
    }
  };

  Test.prototype.step_func = function (func, thisObj) {
    const test = this;
    const useTest = arguments.length === 1;
    return function (...args) {
      return test.step(func, useTest ? test : thisObj, ...args);
    };
  };

  Test.prototype.step_func_done = function (func, thisObj) {
    const test = this;
    const useTest = arguments.length === 1;
    return function (...args) {
      if (func) {
        test.step(func, useTest ? test : thisObj, ...args);
      }
      test.done();
    };
  };

  Test.prototype.unreached_func = function (description) {
    return this.step_func(function () {
      assert_unreached(description);
    });
  };

  Test.prototype.step_timeout = function (func, timeout, ...args) {
    const test = this;
    return setTimeoutFn(this.step_func(function () {
      return func.apply(test, args);
    }), timeout * harness.timeoutMultiplier);
  };

  // Poll `cond` every `interval` ms until it is true (then call `func`), failing after
  // `timeout` ms.
  Test.prototype.step_wait_func = function (cond, func, description, timeout = 3000, interval = 100) {
    const test = this;
    let remaining = Math.ceil(timeout * harness.timeoutMultiplier / interval);
    const poll = test.step_func(() => {
      PromiseCtor.resolve(cond()).then(test.step_func((result) => {
        if (result) {
          func();
          return;
        }
        check(remaining !== 0, "step_wait_func", description, "Timed out waiting on condition");
        remaining--;
        setTimeoutFn(poll, interval);
      }), test.unreached_func("step_wait_func"));
    });
    poll();
  };

  Test.prototype.step_wait_func_done = function (cond, func, description, timeout, interval) {
    this.step_wait_func(cond, () => {
      if (func) func();
      this.done();
    }, description, timeout, interval);
  };

  Test.prototype.step_wait = function (cond, description, timeout, interval) {
    return new PromiseCtor((resolve) => {
      this.step_wait_func(cond, resolve, description, timeout, interval);
    });
  };

  Test.prototype.add_cleanup = function (callback) {
    this.userCleanupCount++;
    this.cleanupCallbacks.push(callback);
  };

  // An AbortSignal that aborts when the test's cleanups run.
  Test.prototype.get_signal = function () {
    if (!this.abortController) {
      this.abortController = new global.AbortController();
    }
    return this.abortController.signal;
  };

  // A per-test timeout only when the test asks for one (`{timeout: ms}`).
  Test.prototype.startTimer = function () {
    const ms = this.properties.timeout;
    if (typeof ms === "number" && ms > 0 && !harness.explicitTimeout) {
      this.timeoutId = setTimeoutFn(() => this.force_timeout(), ms * harness.timeoutMultiplier);
    }
  };

  Test.prototype.force_timeout = function () {
    this.set_status(TEST_STATUS.TIMEOUT, "Test timed out");
    this.phase = PHASE.HAS_RESULT;
    this.done();
  };
  Test.prototype.timeout = Test.prototype.force_timeout;

  Test.prototype.done = function () {
    if (this.phase >= PHASE.CLEANING) {
      return;
    }
    if (this.phase <= PHASE.STARTED) {
      this.set_status(TEST_STATUS.PASS, null);
    }
    if (this.timeoutId !== null) {
      clearTimeoutFn(this.timeoutId);
    }
    this.cleanup();
  };

  // Run the cleanups; a promise test waits for the promises they return. A cleanup that throws
  // (or returns something it should not) makes the harness status ERROR and stops further tests.
  Test.prototype.cleanup = function () {
    const test = this;
    const errors = [];
    let badValues = 0;
    this.phase = PHASE.CLEANING;
    if (this.abortController) {
      this.abortController.abort("Test cleanup");
    }
    const results = [];
    for (const callback of this.cleanupCallbacks) {
      let result;
      try {
        result = callback();
      } catch (e) {
        errors.push(e);
        abortHarness();
        continue;
      }
      const valid = result === undefined ||
        (this.isPromiseTest && result !== null && typeof result === "object" && typeof result.then === "function");
      if (!valid) {
        badValues++;
        abortHarness();
      }
      results.push(result);
    }
    const finish = () => cleanupDone(test, errors, badValues);
    if (!this.isPromiseTest) {
      finish();
      return;
    }
    const waits = results.map((result) =>
      result && typeof result.then === "function"
        ? PromiseCtor.resolve(result).then(null, (e) => { errors.push(e); abortHarness(); })
        : undefined);
    PromiseCtor.all(waits).then(finish);
  };

  function cleanupDone(test, errors, badValues) {
    if (errors.length || badValues) {
      const total = test.userCleanupCount;
      let message = "Test named '" + test.name + "' specified " + total + " 'cleanup' function" +
        (total > 1 ? "s" : "");
      if (errors.length) {
        message += ", and " + errors.length + " failed";
      }
      if (badValues) {
        message += ", and " + badValues + " returned a " +
          (test.isPromiseTest ? "non-thenable" : "non-undefined") + " value";
      }
      harness.status.status = HARNESS_STATUS.ERROR;
      harness.status.message = message + ".";
      const first = errors[0];
      harness.status.stack = first && typeof first === "object" && hasOwn.call(first, "stack") ? first.stack : null;
    }
    test.phase = PHASE.COMPLETE;
    testCompleted(test);
    const callbacks = test.doneCallbacks.splice(0);
    for (const callback of callbacks) callback();
  }

  function whenTestDone(test, callback) {
    if (test.phase === PHASE.COMPLETE) {
      callback();
    } else {
      test.doneCallbacks.push(callback);
    }
  }

  function notifyTestState(test) {
    for (const callback of harness.testStateCallbacks) callback(test, harness);
  }

  function testCompleted(test) {
    if (harness.phase <= HARNESS_PHASE.HAVE_RESULTS) {
      harness.phase = HARNESS_PHASE.HAVE_RESULTS;
    }
    harness.pending--;
    harness.processingCallbacks = true;
    try {
      for (const callback of harness.resultCallbacks) callback(test, harness);
    } finally {
      harness.processingCallbacks = false;
    }
    if (allDone()) {
      complete();
    }
  }

  function allDone() {
    return harness.tests.length > 0 && harness.loaded &&
      (harness.pending === 0 || harness.aborted) && !harness.waitForFinish && !harness.processingCallbacks;
  }

  // An unrecoverable error: tests that have not started will not run.
  function abortHarness() {
    harness.status.status = HARNESS_STATUS.ERROR;
    harness.aborted = true;
    for (const test of harness.tests) {
      if (test.phase === PHASE.INITIAL) {
        test.phase = PHASE.COMPLETE;
      }
    }
  }

  // Finish the file: tests that never started are NOTRUN; running ones are cleaned up (and keep
  // the TIMEOUT status their first step gave them); then the completion callbacks run.
  function complete() {
    if (harness.phase === HARNESS_PHASE.COMPLETE) {
      return;
    }
    const incomplete = harness.tests.filter((test) => test.phase < PHASE.COMPLETE);
    if (incomplete.length === 0) {
      notifyComplete();
      return;
    }
    let remaining = incomplete.length;
    const oneDone = () => {
      remaining--;
      if (remaining === 0) notifyComplete();
    };
    for (const test of incomplete) {
      if (test.phase === PHASE.INITIAL) {
        test.phase = PHASE.HAS_RESULT;
        test.done();
        oneDone();
      } else {
        whenTestDone(test, oneDone);
        test.cleanup();
      }
    }
  }

  function notifyComplete() {
    if (harness.phase === HARNESS_PHASE.COMPLETE) {
      return;
    }
    harness.phase = HARNESS_PHASE.COMPLETE;
    if (harness.status.status === null) {
      const seen = new Set();
      const duplicates = [];
      for (const test of harness.tests) {
        if (seen.has(test.name) && !duplicates.includes(test.name)) duplicates.push(test.name);
        seen.add(test.name);
      }
      if (duplicates.length) {
        harness.status.status = HARNESS_STATUS.ERROR;
        harness.status.message = duplicates.length + " duplicate test name" +
          (duplicates.length > 1 ? "s" : "") + ': "' + duplicates.join('", "') + '"';
      } else {
        harness.status.status = HARNESS_STATUS.OK;
      }
    }
    const status = new TestsStatus(harness.status);
    for (const callback of harness.completionCallbacks) {
      callback(harness.tests, status, []);
    }
  }

  function TestsStatus(from) {
    this.status = from.status;
    this.message = from.message;
    this.stack = from.stack;
  }
  Object.assign(TestsStatus.prototype, HARNESS_STATUS);
  TestsStatus.statuses = HARNESS_STATUS;
  TestsStatus.prototype.structured_clone = function () {
    return { status: this.status, message: this.message === null ? null : String(this.message),
      stack: this.stack === null ? null : String(this.stack) };
  };

  // The time is up: everything unfinished times out (or, if a test was in its cleanup, that is a
  // harness error).
  function harnessTimeout() {
    if (harness.phase === HARNESS_PHASE.COMPLETE) {
      return;
    }
    if (harness.status.status === null) {
      const cleaning = harness.tests.find((test) => test.phase === PHASE.CLEANING);
      if (cleaning) {
        harness.status.status = HARNESS_STATUS.ERROR;
        harness.status.message = 'Timeout while running cleanup for test named "' + cleaning.name + '".';
        harness.status.stack = null;
      } else {
        harness.status.status = HARNESS_STATUS.TIMEOUT;
      }
    }
    for (const test of harness.tests) {
      test.phase = PHASE.COMPLETE;
    }
    harness.loaded = true;
    notifyComplete();
  }

  // ---------------------------------------------------------------------------------------
  // The global API.

  function rejectAfterPromiseSetup(what) {
    harness.status.status = HARNESS_STATUS.ERROR;
    harness.status.message = "`" + what + "` invoked after `promise_setup`";
    complete();
  }

  function test(func, name, properties) {
    if (harness.promiseSetupCalled) {
      rejectAfterPromiseSetup("test");
    }
    const t = new Test(testName(func, name), properties);
    const value = t.step(func, t, t);
    if (value !== undefined) {
      let message = 'Test named "' + t.name + '" passed a function to `test` that returned a value.';
      try {
        if (value && typeof value.then === "function") {
          message += " Consider using `promise_test` instead when using Promises or async/await.";
        }
      } catch (e) {
        // A getter that throws tells us nothing more.
      }
      harness.status.status = HARNESS_STATUS.ERROR;
      harness.status.message = message;
    }
    if (t.phase === PHASE.STARTED) {
      t.done();
    }
  }

  function async_test(func, name, properties) {
    if (harness.promiseSetupCalled) {
      rejectAfterPromiseSetup("async_test");
    }
    if (typeof func !== "function") {
      properties = name;
      name = func;
      func = null;
    }
    const t = new Test(testName(func, name), properties);
    if (func) {
      t.step(func, t, t);
    }
    return t;
  }

  function promise_test(func, name, properties) {
    if (typeof func !== "function") {
      properties = name;
      name = func;
      func = null;
    }
    const t = new Test(testName(func, name), properties);
    t.isPromiseTest = true;
    if (!harness.promiseChain) {
      harness.promiseChain = PromiseCtor.resolve();
    }
    harness.promiseChain = harness.promiseChain.then(() => new PromiseCtor((resolve) => {
      const promise = t.step(func, t, t);
      t.step(() => {
        check(!!promise, "promise_test", null,
          "test body must return a 'thenable' object (received ${value})", { value: promise });
        check(typeof promise.then === "function", "promise_test", null,
          "test body must return a 'thenable' object (received an object with no `then` method)");
      });
      // Registered before the body's promise settles, so a step that failed synchronously still
      // lets the next test start.
      whenTestDone(t, resolve);
      PromiseCtor.resolve(promise)
        .catch(t.step_func((reason) => {
          if (reason instanceof AssertionError) {
            throw reason;
          }
          check(false, "promise_test", null, "Unhandled rejection with value: ${value}", { value: reason });
        }))
        .then(() => t.done());
    }));
  }

  function promise_setup(func, properties = {}) {
    if (typeof func !== "function") {
      harness.status.status = HARNESS_STATUS.ERROR;
      harness.status.message = "promise_setup invoked without a function body.";
      complete();
      return;
    }
    harness.promiseSetupCalled = true;
    if (!harness.promiseChain) {
      harness.promiseChain = PromiseCtor.resolve();
    }
    harness.promiseChain = harness.promiseChain
      .then(() => {
        configure(properties);
        let result;
        try {
          result = func();
        } catch (e) {
          harness.status.status = HARNESS_STATUS.ERROR;
          harness.status.message = "promise_setup threw: " + String(e);
          harness.status.stack = e && e.stack ? e.stack : null;
          throw e;
        }
        if (!result || typeof result.then !== "function") {
          throw new Error("promise_setup: test body must return a 'thenable' object");
        }
        return result;
      })
      .then(null, (e) => {
        if (harness.status.status === null) {
          harness.status.status = HARNESS_STATUS.ERROR;
          harness.status.message = "promise_setup rejected: " + String(e && e.message !== undefined ? e.message : e);
          harness.status.stack = e && e.stack ? e.stack : null;
        }
        complete();
      });
  }

  function configure(properties) {
    harness.properties = properties || {};
    for (const key of Object.keys(harness.properties)) {
      const value = harness.properties[key];
      switch (key) {
        case "allow_uncaught_exception":
          harness.allowUncaughtException = value;
          break;
        case "explicit_done":
          if (value) harness.waitForFinish = true;
          break;
        case "explicit_timeout":
          if (value) harness.explicitTimeout = true;
          break;
        case "single_test":
          if (value) setFileIsTest();
          break;
        case "timeout_multiplier":
          harness.timeoutMultiplier = value;
          break;
        default:
          // `output`, `hide_test_state`, `debug`: about the HTML output, which does not exist here.
          break;
      }
    }
  }

  function setFileIsTest() {
    if (harness.tests.length > 0) {
      throw new Error("Tried to set file as test after creating a test");
    }
    harness.waitForFinish = true;
    harness.fileIsTest = true;
    harness.currentTest = async_test();
  }

  // setup([func], [properties])
  function setup(funcOrProperties, maybeProperties) {
    let func = null;
    let properties = {};
    if (typeof funcOrProperties === "function") {
      func = funcOrProperties;
      properties = maybeProperties || {};
    } else if (funcOrProperties) {
      properties = funcOrProperties;
    }
    if (harness.phase >= HARNESS_PHASE.HAVE_RESULTS) {
      return;
    }
    if (harness.phase < HARNESS_PHASE.SETUP) {
      harness.phase = HARNESS_PHASE.SETUP;
    }
    configure(properties);
    if (func) {
      try {
        func();
      } catch (e) {
        harness.status.status = e instanceof OptionalFeatureUnsupportedError
          ? HARNESS_STATUS.PRECONDITION_FAILED : HARNESS_STATUS.ERROR;
        harness.status.message = String(e);
        harness.status.stack = e && e.stack ? e.stack : null;
        complete();
      }
    }
  }

  function done() {
    if (harness.tests.length === 0) {
      if (harness.status.status === null) {
        harness.status.status = HARNESS_STATUS.ERROR;
        harness.status.message = "done() was called without first defining any tests";
      }
      complete();
      return;
    }
    if (harness.fileIsTest) {
      harness.tests[0].done();
    }
    harness.waitForFinish = false;
    if (allDone()) {
      complete();
    }
  }

  function generate_tests(func, args, properties) {
    args.forEach((entry, i) => {
      const [name, ...rest] = entry;
      test(function () { func.apply(this, rest); }, name,
        Array.isArray(properties) ? properties[i] : properties);
    });
  }

  function step_timeout(func, timeout, ...args) {
    return setTimeoutFn(() => func(...args), timeout * harness.timeoutMultiplier);
  }

  function timeout() {
    harnessTimeout();
  }

  function on_event(object, event, callback) {
    object.addEventListener(event, callback, false);
  }

  // EventWatcher(test, target, eventTypes, [timeoutPromise]): `wait_for(types, {record})`
  // resolves when the events arrive in that order; any other watched event fails the test.
  function EventWatcher(test, target, eventTypes, timeoutPromise) {
    if (typeof eventTypes === "string") {
      eventTypes = [eventTypes];
    }
    let waiting = null;
    const recorded = [];
    let recordAll = false;
    const listener = test.step_func((event) => {
      assert_true(!!waiting, "Not expecting event, but got " + event.type + " event");
      assert_equals(event.type, waiting.types[0],
        "Expected " + waiting.types[0] + " event, but got " + event.type + " event instead");
      if (recordAll) recorded.push(event);
      if (waiting.types.length > 1) {
        waiting.types.shift();
        return;
      }
      const { resolve } = waiting;
      waiting = null;
      resolve(recordAll ? recorded.splice(0) : event);
    });
    for (const type of eventTypes) {
      target.addEventListener(type, listener, false);
    }
    this.wait_for = function (types, options) {
      if (waiting) {
        return PromiseCtor.reject("Already waiting for an event or events");
      }
      if (typeof types === "string") types = [types];
      recordAll = !!(options && options.record === "all");
      recorded.length = 0;
      return new PromiseCtor((resolve, reject) => {
        waiting = { types: types.slice(), resolve, reject };
        if (timeoutPromise) {
          // Fails the test if the events have not all arrived by then.
          timeoutPromise().then(test.step_func(() => {
            if (waiting && waiting.resolve === resolve) {
              assert_true(waiting.types.length === 0, "Timed out waiting for " + waiting.types.join(", "));
            }
          }));
        }
      });
    };
    this.stop_watching = function () {
      for (const type of eventTypes) {
        target.removeEventListener(type, listener, false);
      }
    };
    test.add_cleanup(() => this.stop_watching());
  }

  // ---------------------------------------------------------------------------------------
  // Uncaught errors outside test steps.

  function harnessError(error, message, stack) {
    const optional = error instanceof OptionalFeatureUnsupportedError;
    if (harness.fileIsTest) {
      const t = harness.tests[0];
      if (t.phase >= PHASE.HAS_RESULT) {
        return;
      }
      t.set_status(optional ? TEST_STATUS.PRECONDITION_FAILED : TEST_STATUS.FAIL, message, stack);
      t.phase = PHASE.HAS_RESULT;
    } else if (!harness.allowUncaughtException) {
      harness.status.status = optional ? HARNESS_STATUS.PRECONDITION_FAILED : HARNESS_STATUS.ERROR;
      harness.status.message = message;
      harness.status.stack = stack;
    }
    if (!harness.allowUncaughtException) {
      done();
    }
  }

  global.addEventListener("error", (event) => {
    const stack = event.error && event.error.stack
      ? event.error.stack : event.filename + ":" + event.lineno + ":" + event.colno;
    harnessError(event.error, event.message, stack);
  });

  global.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    const message = reason && reason.message ? "Unhandled rejection: " + reason.message : "Unhandled rejection";
    harnessError(reason, message, reason && reason.stack ? reason.stack : undefined);
  });

  // In a window, the file counts as loaded when the window's `load` event fires: the runner fires
  // it from a task queued after the one that runs the file's scripts (HTML "the end"), so an
  // unhandled rejection left by them, whose notification task was queued by that task's
  // checkpoint, is reported before the harness can complete. (Upstream testharness.js in a shell
  // decides at the first microtask checkpoint instead.) A worker's file was loaded from the start.
  if (!inWorker) {
    global.addEventListener("load", () => {
      harness.loaded = true;
      if (allDone()) {
        complete();
      }
    });
  }

  const api = {
    AssertionError, OptionalFeatureUnsupportedError, EventWatcher,
    test, async_test, promise_test, promise_setup, setup, done, generate_tests, step_timeout, timeout,
    on_event, format_value,
    add_start_callback: (callback) => { harness.startCallbacks.push(callback); },
    add_test_state_callback: (callback) => { harness.testStateCallbacks.push(callback); },
    add_result_callback: (callback) => { harness.resultCallbacks.push(callback); },
    add_completion_callback: (callback) => { harness.completionCallbacks.push(callback); },
    assert_true, assert_false, assert_equals, assert_not_equals, assert_in_array, assert_array_equals,
    assert_array_approx_equals, assert_approx_equals, assert_less_than, assert_greater_than,
    assert_less_than_equal, assert_greater_than_equal, assert_between_exclusive, assert_between_inclusive,
    assert_regexp_match, assert_class_string, assert_own_property, assert_not_own_property, assert_inherits,
    assert_idl_attribute, assert_readonly, assert_unreached, assert_implements, assert_implements_optional,
    assert_any, assert_object_equals, assert_throws_js, assert_throws_dom, assert_throws_exactly,
    promise_rejects_js, promise_rejects_dom, promise_rejects_exactly,
  };
  for (const name of Object.keys(api)) {
    Object.defineProperty(global, name, { value: api[name], writable: true, enumerable: false, configurable: true });
  }
})(globalThis);
