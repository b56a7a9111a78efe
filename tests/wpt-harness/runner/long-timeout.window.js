// META: timeout=long
// A `timeout=long` file's window has what wptserve's wrapper page has: <meta name="timeout"
// content="long">, from which testharness.js takes its long harness timeout.
test(() => {
  const metas = Array.prototype.filter.call(document.getElementsByTagName('meta'),
    (meta) => meta.name === 'timeout');
  assert_equals(metas.length, 1, 'one timeout meta');
  assert_equals(metas[0].content, 'long');
}, 'the document says the timeout is long');
