// Derived from web-platform-tests FileAPI/url/url-format.any.js, FileAPI/url/url-with-fetch.any.js
// and FileAPI/url/url-lifetime.html (behaviour re-written for taskhost). File API §8.3: the
// format of blob: URLs, createObjectURL for Blob and File, revokeObjectURL, and fetch and
// import() of blob: URLs before and after revocation.
'use strict';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// The document's origin, read from a same-origin response's URL (the window has no `location`
// in taskhost).
async function documentOrigin() {
  return new URL((await fetch('/common/blank.html')).url).origin;
}

promise_test(async () => {
  const origin = await documentOrigin();
  const blob = new Blob(['x']);
  const url = URL.createObjectURL(blob);
  assert_true(url.startsWith('blob:' + origin + '/'), url);
  assert_regexp_match(url.slice(('blob:' + origin + '/').length), uuid);
  assert_not_equals(URL.createObjectURL(blob), url, 'a new URL each time');
  assert_equals(new URL(url).origin, origin, "a blob: URL's origin is its creator's");
  assert_true(URL.createObjectURL(new File(['y'], 'y.txt')).startsWith('blob:'));
}, 'createObjectURL returns blob:ORIGIN/UUID for a Blob or a File');

test(() => {
  for (const value of [undefined, null, {}, 'blob', new ArrayBuffer(1)]) {
    assert_throws_js(TypeError, () => URL.createObjectURL(value), String(value));
  }
  assert_throws_js(TypeError, () => URL.createObjectURL());
  assert_throws_js(TypeError, () => URL.revokeObjectURL());
  URL.revokeObjectURL('not a URL');
  URL.revokeObjectURL('https://example.com/');
  URL.revokeObjectURL('blob:null/00000000-0000-4000-8000-000000000000');
}, 'createObjectURL takes only a Blob; revokeObjectURL ignores what it does not know');

promise_test(async () => {
  const url = URL.createObjectURL(new Blob(['hello ', 'blob'], {type: 'text/plain'}));
  const response = await fetch(url);
  assert_equals(response.status, 200);
  assert_equals(await response.text(), 'hello blob');
  const again = await fetch(url + '#fragment');
  assert_equals(await again.text(), 'hello blob', 'the fragment is not part of the key');
}, 'fetch of a blob: URL gives the Blob\'s bytes');

promise_test(async (t) => {
  const url = URL.createObjectURL(new Blob(['before']));
  const started = fetch(url);
  URL.revokeObjectURL(url);
  assert_equals(await (await started).text(), 'before', 'a fetch started before revocation');
  await promise_rejects_js(t, TypeError, fetch(url), 'a fetch started after revocation');
  URL.revokeObjectURL(url);
}, 'a revoked blob: URL fails to fetch; a fetch started before is unaffected');

promise_test(async (t) => {
  const url = URL.createObjectURL(
      new Blob(['export const answer = 42;'], {type: 'text/javascript'}));
  const module = await import(url);
  assert_equals(module.answer, 42);
  assert_equals(await import(url), module, 'one module record per URL');
  const other = URL.createObjectURL(new Blob(['export default 1;']));
  URL.revokeObjectURL(other);
  await promise_rejects_js(t, TypeError, import(other));
}, 'import() of a blob: URL; of a revoked one, a TypeError');
