// META: global=window,worker
// Derived from web-platform-tests FileAPI/blob/Blob-slice.any.js and Blob-slice-overflow.any.js
// (behaviour re-written for taskhost). File API §3.3.1: slice() positions are clamped and
// relative to the end when negative ([Clamp] rounds halves to even).
'use strict';

const source = () => new Blob(['0123456789'], { type: 'text/plain' });

for (const [args, expected] of [
  [[], '0123456789'],
  [[3], '3456789'],
  [[-3], '789'],
  [[2, 5], '234'],
  [[2, -2], '234567'],
  [[-4, -1], '678'],
  [[7, 2], ''],
  [[-100, 100], '0123456789'],
  [[10, 20], ''],
  [[NaN, NaN], ''],
  [[0, Infinity], '0123456789'],
  [[-Infinity, 2], '01'],
  [[1.5, 4.5], '23'],
  [[2.5, 5.5], '2345'],
]) {
  promise_test(async () => {
    const slice = source().slice(...args);
    assert_equals(slice.size, expected.length, 'size');
    assert_equals(await slice.text(), expected);
    assert_equals(slice.type, '', 'no contentType: the empty type');
  }, `slice(${args.map(String).join(', ')})`);
}

promise_test(async () => {
  const twice = source().slice(2, 8).slice(1, -1);
  assert_equals(await twice.text(), '3456');
}, 'a slice of a slice');

test(() => {
  assert_equals(source().slice(0, 1, 'IMAGE/Png').type, 'image/png');
  assert_equals(source().slice(0, 1, 'x\u00ff').type, '');
}, 'contentType follows the constructor rule for type');
