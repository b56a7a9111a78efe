// Throws while its script runs; its own onerror sees the error first (and does not cancel it).
self.onerror = (message, filename, lineno) => {
  console.log('worker onerror:', message, filename.split('/').pop(), lineno);
};
function fail() {
  throw new TypeError('broken in the worker');
}
fail();
