// Derived from web-platform-tests page-visibility/test_default_view.html (behaviour re-written for
// taskhost). Page Visibility: a document without a browsing context (its defaultView is null) is
// "hidden", whatever the page's visibility.
'use strict';

test(() => {
  assert_false(document.hidden, 'the window\'s document is visible');
  const documents = [
    document.implementation.createDocument(null, 'html', null),
    document.implementation.createDocument('urn:example', '', null),
    document.implementation.createHTMLDocument('windowless'),
  ];
  for (const doc of documents) {
    assert_equals(doc.defaultView, null, 'no browsing context');
    assert_true(doc.hidden, 'hidden');
    assert_equals(doc.visibilityState, 'hidden', 'visibilityState');
    assert_equals(doc.readyState, 'complete', 'not made by a parser');
  }
}, 'A document made by DOMImplementation has no window and is hidden');

test(() => {
  assert_equals(document.defaultView, window);
  assert_equals(document.implementation, document.implementation, '[SameObject]');
  const doc = document.implementation.createDocument(null, 'root', null);
  assert_equals(Object.prototype.toString.call(doc), '[object XMLDocument]');
  assert_equals(doc.documentElement.localName, 'root');
  assert_throws_dom('InvalidCharacterError', () => document.implementation.createDocument(null, '1x', null));
}, 'defaultView, implementation and createDocument()');
