// promise_test: one at a time, in order; rejections; promise_rejects_*.
'use strict';

const order = [];

promise_test(async () => {
  order.push("first start");
  await new Promise(resolve => setTimeout(resolve, 0));
  order.push("first end");
}, "first");

promise_test(async t => {
  order.push("second start");
  t.add_cleanup(() => new Promise(resolve => setTimeout(() => { order.push("second cleanup"); resolve(); }, 0)));
}, "second");

promise_test(async () => {
  assert_array_equals(order, ["first start", "first end", "second start", "second cleanup"]);
}, "promise tests run one at a time and wait for async cleanups");

promise_test(() => Promise.reject(new TypeError("nope")), "a rejected promise");
promise_test(() => Promise.reject(42), "a promise rejected with a number");
promise_test(() => 5, "a body that returns no promise");
promise_test(async () => { assert_true(false, "in the body"); }, "an assertion in the body");

promise_test(t => promise_rejects_js(t, TypeError, Promise.reject(new TypeError())), "promise_rejects_js");
promise_test(t => promise_rejects_dom(t, "AbortError", Promise.reject(new DOMException("", "AbortError"))),
  "promise_rejects_dom");
promise_test(t => promise_rejects_dom(t, "AbortError", DOMException, Promise.reject(new DOMException("", "AbortError"))),
  "promise_rejects_dom with a constructor");
const reason = {};
promise_test(t => promise_rejects_exactly(t, reason, Promise.reject(reason)), "promise_rejects_exactly");
promise_test(t => promise_rejects_js(t, TypeError, Promise.resolve(1), "it resolves"),
  "promise_rejects_js of a fulfilled promise");
promise_test(t => promise_rejects_dom(t, "AbortError", Promise.reject(new TypeError("t"))),
  "promise_rejects_dom of a TypeError");
promise_test(t => promise_rejects_exactly(t, reason, Promise.reject({})), "promise_rejects_exactly of another object");
