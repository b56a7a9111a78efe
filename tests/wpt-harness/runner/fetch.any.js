// fetch() serves files under the WPT root, answering in a later task.
'use strict';

promise_test(async t => {
  const response = await fetch("/common/blank.html");
  assert_equals(response.status, 200);
  assert_true(response.ok);
  assert_equals(response.statusText, "OK");
  assert_equals(response.url, "http://web-platform.test:8000/common/blank.html");
  assert_equals(response.type, "basic");
  assert_false(response.bodyUsed);
  assert_true((await response.text()).startsWith("<!doctype html>"));
  assert_true(response.bodyUsed);
  await promise_rejects_js(t, TypeError, response.text());
}, "a file from the root");

promise_test(async () => {
  const response = await fetch("../common/data.json?x=1");
  assert_equals(response.status, 200);
  assert_equals((await response.json()).answer, 42);
  const bytes = await (await fetch("/common/data.json")).arrayBuffer();
  assert_equals(bytes.byteLength, 31);
}, "a relative URL, json() and arrayBuffer()");

promise_test(async () => {
  const response = await fetch("/common/nothing-here.txt");
  assert_equals(response.status, 404);
  assert_false(response.ok);
  assert_equals(response.statusText, "Not Found");
}, "a missing file is a 404");

promise_test(t => promise_rejects_js(t, TypeError, fetch("https://example.com/")),
  "another origin is a network error");

promise_test(async t => {
  const response = await fetch("//web-platform.test:8000/common/blank.html");
  assert_equals(response.url, "http://web-platform.test:8000/common/blank.html");
  await promise_rejects_js(t, TypeError, fetch("//web-platform.test:8000evil/common/blank.html"));
  await promise_rejects_js(t, TypeError, fetch("//web-platform.test:80000/common/blank.html"));
  await promise_rejects_js(t, TypeError, fetch("//example.com/common/blank.html"));
}, "a scheme-relative URL is on the origin only with its host and port");

promise_test(t => promise_rejects_dom(t, "AbortError", fetch("/common/blank.html", { signal: AbortSignal.abort() })),
  "an aborted signal");

promise_test(async t => {
  assert_equals((await fetch("/common/blank.html", { signal: null })).status, 200);
  await promise_rejects_js(t, TypeError, fetch("/common/blank.html", { signal: {} }));
  await promise_rejects_js(t, TypeError, fetch("/common/blank.html", { signal: 1 }));
}, "RequestInit's signal is an AbortSignal or null");

promise_test(async t => {
  const controller = new AbortController();
  const pending = fetch("/common/blank.html", { signal: controller.signal });
  controller.abort();
  await promise_rejects_dom(t, "AbortError", pending);
}, "aborting a fetch in flight");

promise_test(t => promise_rejects_js(t, TypeError, fetch("/common/blank.html", { method: "POST" })),
  "a method other than GET or HEAD");

promise_test(async () => {
  const order = [];
  setTimeout(() => order.push("timer queued first"), 0);
  const pending = fetch("/common/blank.html").then(() => order.push("response"));
  order.push("same task");
  await pending;
  assert_array_equals(order, ["same task", "timer queued first", "response"]);
}, "the response arrives in a later task");

promise_test(async () => {
  assert_throws_js(TypeError, () => Response(), "without new");
  assert_throws_js(RangeError, () => new Response(null, { status: 100 }), "a status out of range");
  const empty = new Response();
  assert_equals(empty.type, "default");
  assert_equals(empty.status, 200);
  assert_equals(empty.url, "");
  assert_equals(await empty.text(), "");
  assert_equals(await new Response("text", { status: 404 }).text(), "text");
  assert_equals(await new Response(new Blob(["from a blob"])).text(), "from a blob");
  const bytes = await new Response(new Uint8Array([1, 2])).arrayBuffer();
  assert_array_equals(new Uint8Array(bytes), [1, 2]);
}, "new Response(body, init): a Blob, a buffer source or a string");

promise_test(async () => {
  const response = await fetch("/common/blank.html");
  for (const name of ["type", "url", "status", "bodyUsed"]) {
    const get = Object.getOwnPropertyDescriptor(Response.prototype, name).get;
    assert_throws_js(TypeError, () => get.call({}), name);
    assert_throws_js(TypeError, () => get.call(1), name);
    assert_not_equals(get.call(response), undefined, name);
  }
}, "Response getters check their this");
