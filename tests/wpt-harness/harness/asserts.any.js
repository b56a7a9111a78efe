// The assertions: each passes on a right value, and fails with upstream testharness.js's message.
// Every failing case is a subtest of its own, so expected.json holds its exact message.
'use strict';

test(() => {
  assert_true(true);
  assert_false(false);
  assert_equals(NaN, NaN);
  assert_equals("a", "a");
  assert_not_equals(0, -0);
  assert_in_array(2, [1, 2]);
  assert_array_equals([1, "x", NaN], [1, "x", NaN]);
  assert_approx_equals(1.05, 1, 0.1);
  assert_less_than(1, 2);
  assert_greater_than(2, 1);
  assert_less_than_equal(2, 2);
  assert_greater_than_equal(2, 2);
  assert_between_exclusive(2, 1, 3);
  assert_between_inclusive(3, 1, 3);
  assert_regexp_match("abc", /b/);
  assert_class_string([], "Array");
  assert_own_property({ a: 1 }, "a");
  assert_not_own_property({ a: 1 }, "b");
  assert_inherits({}, "toString");
  assert_readonly(Object.freeze({ x: 1 }), "x");
  assert_throws_js(TypeError, () => null.x);
  assert_throws_dom("AbortError", () => { throw new DOMException("m", "AbortError"); });
  assert_throws_dom("ABORT_ERR", () => { throw new DOMException("m", "AbortError"); });
  assert_throws_dom(20, () => { throw new DOMException("m", "AbortError"); });
  const exact = {};
  assert_throws_exactly(exact, () => { throw exact; });
  assert_object_equals({ a: { b: 1 } }, { a: { b: 1 } });
  assert_any(assert_equals, 2, [1, 2]);
}, "every assertion passes on a right value");

test(() => assert_true(1), "assert_true");
test(() => assert_false(0, "zero"), "assert_false with a description");
test(() => assert_equals(1, "1"), "assert_equals of two types");
test(() => assert_equals(0, -0), "assert_equals of 0 and -0");
test(() => assert_equals("a\nb", "a\"b"), "assert_equals shows escaped strings");
test(() => assert_not_equals(NaN, NaN), "assert_not_equals");
test(() => assert_in_array(3, [1, 2]), "assert_in_array");
test(() => assert_array_equals([1, 2], [1, 2, 3]), "assert_array_equals of two lengths");
test(() => assert_array_equals([1, 2], [1, 3]), "assert_array_equals of an element");
test(() => assert_array_equals(5, [5]), "assert_array_equals of a non-array");
test(() => assert_approx_equals(2, 1, 0.5), "assert_approx_equals");
test(() => assert_less_than(2, 1), "assert_less_than");
test(() => assert_greater_than(1, 2), "assert_greater_than");
test(() => assert_less_than_equal(3, 2), "assert_less_than_equal");
test(() => assert_greater_than_equal("1", 2), "assert_greater_than_equal of a string");
test(() => assert_between_exclusive(3, 1, 3), "assert_between_exclusive");
test(() => assert_between_inclusive(4, 1, 3), "assert_between_inclusive");
test(() => assert_regexp_match("abc", /z/), "assert_regexp_match");
test(() => assert_class_string({}, "Array"), "assert_class_string");
test(() => assert_own_property({}, "a"), "assert_own_property");
test(() => assert_not_own_property({ a: 1 }, "a"), "assert_not_own_property");
test(() => assert_inherits({ a: 1 }, "a"), "assert_inherits of an own property");
test(() => assert_readonly({ x: 1 }, "x"), "assert_readonly");
test(() => assert_unreached("never"), "assert_unreached");
test(() => assert_throws_js(TypeError, () => {}), "assert_throws_js when nothing is thrown");
test(() => assert_throws_js(TypeError, () => { throw new RangeError("r"); }),
  "assert_throws_js of another error");
test(() => assert_throws_dom("AbortError", () => { throw new DOMException("m", "NotAllowedError"); }),
  "assert_throws_dom of another name");
test(() => assert_throws_dom("AbortError", () => { throw new TypeError("t"); }),
  "assert_throws_dom of a TypeError");
test(() => assert_throws_exactly(1, () => { throw 2; }), "assert_throws_exactly");
test(() => assert_object_equals({ a: 1 }, { a: 2 }), "assert_object_equals");
test(() => { throw new RangeError("plain"); }, "an exception that is not an assertion");
test(() => { throw "a string"; }, "a thrown string");

test(() => {
  assert_equals(format_value("x"), '"x"');
  assert_equals(format_value(-0), "-0");
  assert_equals(format_value(10n), "10n");
  assert_equals(format_value([1, [2, "3"]]), '[1, [2, "3"]]');
  assert_equals(format_value(null), "null");
  assert_equals(format_value(undefined), "undefined");
  assert_equals(format_value({}), 'object "[object Object]"');
  assert_equals(format_value(() => 1), 'function "() => 1"');
  const loop = [];
  loop.push(loop);
  assert_equals(format_value(loop), "[[...]]");
}, "format_value");

test(() => {
  const e = new AssertionError("m");
  assert_true(e instanceof Error);
  assert_equals(e.message, "m");
}, "AssertionError");

test(() => assert_true(true));
test(() => assert_true(true));
