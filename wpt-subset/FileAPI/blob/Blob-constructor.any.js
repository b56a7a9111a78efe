// META: global=window,worker
// Derived from web-platform-tests FileAPI/blob/Blob-constructor.any.js
// (behaviour re-written for taskhost). File API §3.1: the Blob constructor's parts, type and
// endings.
'use strict';

test(() => {
  const blob = new Blob();
  assert_true(blob instanceof Blob);
  assert_equals(blob.size, 0);
  assert_equals(blob.type, '');
  assert_equals(String(blob), '[object Blob]');
}, 'no arguments: an empty Blob');

test(() => {
  assert_throws_js(TypeError, () => Blob());
  assert_throws_js(TypeError, () => new Blob(7));
  assert_throws_js(TypeError, () => new Blob({}));
  assert_throws_js(TypeError, () => new Blob([], 'not a dictionary'));
  assert_throws_js(TypeError, () => new Blob([], { endings: 'windows' }));
}, 'invalid arguments are TypeErrors');

promise_test(async () => {
  const bytes = new Uint8Array([0x61, 0x62, 0x63, 0x64]);
  const blob = new Blob([
    'é',
    bytes.buffer,
    new Uint8Array(bytes.buffer, 1, 2),
    new DataView(bytes.buffer, 3),
    new Blob(['!']),
    5,
  ]);
  assert_equals(blob.size, 2 + 4 + 2 + 1 + 1 + 1);
  assert_equals(await blob.text(), 'éabcdbcd!5');
}, 'strings (UTF-8), buffers, views, Blobs and other values (as strings) are concatenated');

promise_test(async () => {
  assert_equals(await new Blob(['\ud800']).text(), '\ufffd', 'a lone surrogate becomes U+FFFD');
  const lf = await new Blob(['a\r\nb\rc\n'], { endings: 'native' }).text();
  assert_in_array(lf, ['a\nb\nc\n', 'a\r\nb\r\nc\r\n'], 'native line endings');
  assert_equals(await new Blob(['a\r\nb\rc\n']).text(), 'a\r\nb\rc\n', 'transparent by default');
}, 'USVString conversion and endings');

test(() => {
  assert_equals(new Blob([], { type: 'Text/HTML' }).type, 'text/html');
  assert_equals(new Blob([], { type: 'text/plain;charset=UTF-8' }).type, 'text/plain;charset=utf-8');
  assert_equals(new Blob([], { type: 'a\u00e9' }).type, '', 'non-ASCII');
  assert_equals(new Blob([], { type: 'a\u0009b' }).type, '', 'a control character');
  assert_equals(new Blob([], { type: 'nonsense but printable' }).type, 'nonsense but printable');
}, 'type: lowercased, or empty when it has a character outside U+0020–U+007E');

test(() => {
  const seen = [];
  const options = {
    get endings() { seen.push('endings'); return 'transparent'; },
    get type() { seen.push('type'); return ''; },
  };
  new Blob([], options);
  assert_array_equals(seen, ['endings', 'type']);
}, 'BlobPropertyBag members are read in order');

test(() => {
  class Sub extends Blob {}
  const sub = new Sub(['x']);
  assert_true(sub instanceof Sub);
  assert_equals(sub.size, 1);
}, 'Blob can be subclassed');
