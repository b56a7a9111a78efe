// META: global=window,worker
// META: script=./resources/abort-signal-any-tests.js
// Derived from web-platform-tests dom/abort/abort-signal-any.any.js (behaviour re-written for taskhost).
'use strict';

abortSignalAnySignalOnlyTests(AbortSignal);
abortSignalAnyTests(AbortSignal, AbortController);
