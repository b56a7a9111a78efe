// Evaluated before the harness, as the `<script>` that WPT's `.any.html` wrapper puts first: the
// `GLOBAL` object tests use to ask which global they run in. The runner defines `META_TITLE`
// (the `// META: title=` value, or the file name up to its first dot, as a window's title would
// be) before this script.
(function (global) {
  "use strict";
  Object.defineProperty(global, "GLOBAL", {
    value: {
      isWindow() { return true; },
      isWorker() { return false; },
      isShadowRealm() { return false; },
    },
    writable: true,
    enumerable: false,
    configurable: true,
  });
})(globalThis);
