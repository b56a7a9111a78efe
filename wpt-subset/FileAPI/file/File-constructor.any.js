// META: global=window,worker
// Derived from web-platform-tests FileAPI/file/File-constructor.any.js
// (behaviour re-written for taskhost). File API §4.1: name, type and lastModified.
'use strict';

promise_test(async () => {
  const file = new File(['ab', new Blob(['c'])], 'name.txt', { type: 'Text/Plain', lastModified: 1000 });
  assert_true(file instanceof File);
  assert_true(file instanceof Blob);
  assert_equals(file.name, 'name.txt');
  assert_equals(file.type, 'text/plain');
  assert_equals(file.lastModified, 1000);
  assert_equals(file.size, 3);
  assert_equals(await file.text(), 'abc');
  assert_equals(String(file), '[object File]');
}, 'a File from parts, with options');

test(() => {
  const before = Date.now();
  const file = new File([], 'x');
  const after = Date.now();
  assert_greater_than_equal(file.lastModified, before);
  assert_less_than_equal(file.lastModified, after);
}, 'lastModified defaults to now');

test(() => {
  assert_equals(new File([], 'x', { lastModified: -5 }).lastModified, -5);
  assert_equals(new File([], 'x', { lastModified: 12.7 }).lastModified, 12);
  assert_equals(new File([], 'x', { lastModified: NaN }).lastModified, 0);
  assert_equals(new File([], 'a/b\ud800').name, 'a/b\ufffd', 'a USVString, slashes kept');
}, 'lastModified is a long long; name is a USVString');

test(() => {
  assert_throws_js(TypeError, () => new File());
  assert_throws_js(TypeError, () => new File([]));
  assert_throws_js(TypeError, () => new File(null, 'x'));
  assert_throws_js(TypeError, () => File([], 'x'));
}, 'fileBits and fileName are required');

test(() => {
  class Sub extends File {}
  const sub = new Sub([], 'sub');
  assert_true(sub instanceof Sub);
  assert_equals(sub.name, 'sub');
  assert_false(new File([], 'f').slice() instanceof File, 'a slice is a Blob');
}, 'File can be subclassed; its slices are Blobs');
