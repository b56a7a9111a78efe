// META: global=window,worker
// META: script=/dom/abort/resources/abort-signal-any-tests.js
// Derived from web-platform-tests scheduler/task-signal-any-abort.tentative.any.js (behaviour
// re-written for taskhost): the shared AbortSignal.any() checks of
// dom/abort/resources/abort-signal-any-tests.js, run with TaskSignal and both controllers.
// TaskSignal.any() makes its result with DOM's "create a dependent signal": it is aborted when
// any input is, with that input's reason; dependents of dependents are linked to the sources.
'use strict';

abortSignalAnySignalOnlyTests(TaskSignal);
abortSignalAnyTests(TaskSignal, AbortController);
abortSignalAnyTests(TaskSignal, TaskController);
