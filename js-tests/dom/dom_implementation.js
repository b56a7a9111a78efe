// DOMImplementation: document.implementation ([SameObject]), createDocument() (an XMLDocument without
// a window: defaultView null, hidden, readyState complete), createHTMLDocument(title), hasFeature(),
// and the errors: an invalid qualified name, a doctype (taskhost has no DocumentType), a wrong this.
const impl = document.implementation;
console.log(impl === document.implementation, Object.prototype.toString.call(impl), impl.hasFeature());
console.log(document.defaultView === window, document.readyState);
const x = impl.createDocument(null, 'html', null);
console.log(Object.prototype.toString.call(x), x instanceof Document, x.defaultView, x.hidden, x.visibilityState, x.readyState, x.documentElement.localName, x.childNodes.length);
const e = impl.createDocument('urn:x', '', null);
console.log(e.childNodes.length, e.documentElement);
const h = impl.createHTMLDocument('T');
console.log(Object.prototype.toString.call(h), h.title, h.head.localName, h.body.localName, h.defaultView, h.implementation !== impl);
console.log(impl.createHTMLDocument().title === '', impl.createHTMLDocument().head.childNodes.length);
try { impl.createDocument(null, '1bad', null); } catch (err) { console.log(err.name, err.message); }
try { impl.createDocument(null, 'a', {}); } catch (err) { console.log(err.name, err.message); }
try { impl.createDocument.call({}, null, 'a'); } catch (err) { console.log(err.name); }
const el = h.createElement('div'); h.body.appendChild(el); console.log(el.ownerDocument === h);
// Validate and extract: a prefix needs a namespace, and must itself be valid; the element gets the local name.
for (const [ns, q] of [[null, 'a:b'], ['urn:x', 'a:b'], ['urn:x', ':b'], ['', 'p:q'], ['urn:x', 'MixedCase']]) {
  try { console.log(q, impl.createDocument(ns, q, null).documentElement.localName); } catch (e) { console.log(q, e.name); }
}
