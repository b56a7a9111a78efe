// atob()/btoa() (HTML §8.3, Infra forgiving-base64); cases in the spirit of the upstream
// html/webappapis/atob/base64.any.js, written from the algorithm's steps.
const show = (s) => JSON.stringify(s);
console.log(btoa(''), btoa('f'), btoa('fo'), btoa('foo'), btoa('\xff\xfe\x00'));
console.log(btoa(undefined), btoa(null), btoa(12));
// Whitespace anywhere is removed; one or two '=' are removed when the length is a multiple of 4.
for (const input of ['Zm9v', 'Zm8=', 'Zm8', 'Zg==', 'Zg', ' Zm\t9\nv\f\r', '', 'ab==', 'Zh==']) {
  console.log('atob', show(input), '->', show(atob(input)));
}
// Failures: remainder 1, '=' not at the end, '=' with a length not a multiple of 4, three '=',
// non-ASCII whitespace, the URL-safe alphabet, a code point above U+00FF.
for (const input of ['Z', 'Zm9vZ', 'Z=g=', 'Zg=', 'Zg===', 'Zm9v\xa0', 'Zm-_', 'Zm\u0100v']) {
  try {
    atob(input);
    console.log('atob', show(input), 'did not throw');
  } catch (e) {
    console.log('atob', show(input), e instanceof DOMException, e.name, e.code);
  }
}
try { btoa('\u20ac'); } catch (e) { console.log('btoa', e.name, e.code); }
try { btoa('\ud800'); } catch (e) { console.log('btoa lone surrogate', e.name); }
// atob returns a byte string: every code unit is the byte's value.
const bytes = atob('AP8Af4A=');
console.log(bytes.length, [...bytes].map((c) => c.charCodeAt(0)).join(','));
console.log(atob(btoa('\x00\x01\x80\xff')) === '\x00\x01\x80\xff');
// The argument is required; ToString runs on it (and its exception propagates).
try { atob(); } catch (e) { console.log(e.name, e.message); }
try { btoa({ toString() { throw new Error('from toString'); } }); } catch (e) { console.log(e.message); }
console.log(typeof atob, atob.length, btoa.name, Object.getOwnPropertyDescriptor(globalThis, 'btoa').enumerable);
