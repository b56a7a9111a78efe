// A worker test: skipped, taskhost has no Worker global.
importScripts("/resources/testharness.js");
test(() => {}, "never runs");
done();
