// META: global=window,worker
// Derived from web-platform-tests FileAPI/blob/Blob-text.any.js, Blob-array-buffer.any.js and
// Blob-bytes.any.js (behaviour re-written for taskhost). File API §3.3: text(), arrayBuffer()
// and bytes() resolve with the bytes, never synchronously.
'use strict';

promise_test(async () => {
  const blob = new Blob([new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69, 0xff])]);
  assert_equals(await blob.text(), 'hi\ufffd', 'UTF-8 decoded, BOM removed, errors replaced');
}, 'text()');

promise_test(async () => {
  const blob = new Blob(['abc']);
  const buffer = await blob.arrayBuffer();
  assert_true(buffer instanceof ArrayBuffer);
  assert_array_equals(new Uint8Array(buffer), [0x61, 0x62, 0x63]);
  const second = await blob.arrayBuffer();
  assert_not_equals(second, buffer, 'a new buffer each time');
}, 'arrayBuffer()');

promise_test(async () => {
  const bytes = await new Blob(['abc']).bytes();
  assert_true(bytes instanceof Uint8Array);
  assert_array_equals(bytes, [0x61, 0x62, 0x63]);
  assert_equals((await new Blob().bytes()).length, 0, 'empty');
}, 'bytes()');

promise_test(async () => {
  const log = [];
  const read = new Blob(['x']).text().then(() => log.push('read'));
  let chain = Promise.resolve();
  for (let i = 0; i < 20; i++) chain = chain.then(() => {});
  chain.then(() => log.push('microtasks'));
  await read;
  assert_array_equals(log, ['microtasks', 'read']);
}, 'the read settles after the current microtasks');

promise_test(async (t) => {
  await promise_rejects_js(t, TypeError, Blob.prototype.text.call({}));
  await promise_rejects_js(t, TypeError, Blob.prototype.arrayBuffer.call(new EventTarget()));
}, 'a read on a non-Blob rejects with a TypeError');
