// URL (URL Standard §6.1); cases in the spirit of the upstream url/url-constructor.any.js,
// url-statics-parse.any.js, url-statics-canparse.any.js, url-setters.any.js, url-origin.any.js
// and url-searchparams.any.js, written from the standard's steps.
const u = new URL('https://user:pw@EXAMPLE.com:443/a/./b/../c?x=1&y=2#frag');
for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port',
                 'pathname', 'search', 'hash']) {
  console.log(k, JSON.stringify(u[k]));
}
console.log(String(u) === u.href, u.toJSON() === u.href, JSON.stringify({ u }));
// Relative references against a base.
for (const [input, base] of [['../d?q', 'http://h/a/b/c'], ['//other/p', 'https://h/'], ['?z', 'http://h/p?y#f'],
                             ['#g', 'sc:opaque'], ['', 'http://h/p#f'], ['\t  http://h/ a\n', undefined]]) {
  console.log(JSON.stringify([input, base]), '->', new URL(input, base).href);
}
// Failures are TypeErrors; a base that is not a URL fails the whole parse.
for (const [input, base] of [['nope'], ['x', 'nope'], ['http://1.2.3.4.5'], ['http://a b/'], ['x', 'sc:opaque'],
                             ['https://[::1']]) {
  try { new URL(input, base); console.log('parsed', input); } catch (e) { console.log(e.name, e.message); }
}
try { new URL(); } catch (e) { console.log(e.name, e.message); }
try { URL('http://h/'); } catch (e) { console.log(e.name); }
// The statics.
console.log(URL.canParse('a:b'), URL.canParse('/x'), URL.canParse('/x', 'http://h'), URL.canParse('/x', undefined));
console.log(URL.parse('/x'), URL.parse('/x', 'http://h').href, URL.parse('http://h') instanceof URL,
  URL.parse('http://h') !== URL.parse('http://h'));
// Hosts: IDNA to ASCII, IPv4 and IPv6 forms.
console.log(new URL('http://ÜBER.example/').host, new URL('http://0x7f.1/').host, new URL('HTTP://[0:0::1]:80/').href);
// Origins: tuple origins of special schemes, blob: URLs' inner origin, opaque ones as "null".
console.log(new URL('data:text/plain,hi').origin, new URL('blob:https://a.com/x').origin,
  new URL('file:///tmp/x').origin, new URL('ws://h:80/').origin, new URL('http://h:8080/').origin);
// Setters: each runs the basic URL parser with a state override; a failing one leaves the URL.
const s = new URL('http://h/p');
s.protocol = 'https:'; s.username = 'a b'; s.password = 'p@ss'; s.hostname = 'ü.example';
s.port = '8080'; s.pathname = 'x y/../z'; s.search = 'q=1 2'; s.hash = 'f g';
console.log(s.href);
s.port = '99999'; s.protocol = 'mailto'; s.host = ''; s.port = '443';
console.log(s.href);
s.port = ''; s.hash = ''; s.search = '';
console.log(s.href);
try { s.href = 'not a url'; } catch (e) { console.log(e.name, e.message); }
console.log(s.href);
s.href = 'sc://x/y?k=v';
console.log(s.href, s.origin, s.searchParams.get('k'));
// searchParams is one object, kept in step with the query in both directions.
const q = new URL('http://h/?a=1&b=x+y');
const params = q.searchParams;
console.log(params === q.searchParams, params.get('b'), params.size);
params.append('c', 'é &');
console.log(q.search, q.href);
q.search = '?d=%20r';
console.log(params.get('d'), params.has('a'), params.size);
params.delete('d');
console.log(JSON.stringify(q.search), q.href);
q.href = 'http://h/?e=5#h';
console.log(params.get('e'), params.size);
q.search = '';
console.log(params.size, q.href);
// Removing the last pair of a URL with an opaque path strips the path's trailing spaces.
const opaque = new URL('data:space   ?query');
opaque.searchParams.delete('query');
console.log(JSON.stringify(opaque.href));
// Brand checks.
try { Object.getOwnPropertyDescriptor(URL.prototype, 'href').get.call({}); } catch (e) { console.log(e.message); }
console.log(typeof URL.createObjectURL, URL.length, Object.prototype.toString.call(u));
