// META: variant=?first
// META: variant=?second
// Variants need location.search, which this global does not have: skipped, with the reason.
test(() => {}, "never runs");
