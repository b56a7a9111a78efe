// URLSearchParams (URL Standard §6.2); cases in the spirit of the upstream
// url/urlsearchparams-constructor.any.js, -append, -delete, -get, -getall, -has, -set, -sort,
// -size, -stringifier, -foreach and -constructor's record cases, written from the steps.
const show = (p) => JSON.stringify([...p]);
// The constructor's init: a string (one leading '?' dropped), a sequence of pairs, a record.
console.log(show(new URLSearchParams()), show(new URLSearchParams('')), show(new URLSearchParams('??a=b&&c')));
console.log(show(new URLSearchParams('a=b+c&d=%F0%9F%98%80&e=%zz&=f&g=%')));
console.log(show(new URLSearchParams([['a', 1], ['b', 'c'], new Set(['x', 'y'])])));
console.log(show(new URLSearchParams({ b: 2, a: '1', [Symbol('s')]: 'no', 3: 'three' })));
const hidden = Object.create({ inherited: 1 }, { shown: { value: 'v', enumerable: true }, not: { value: 'n' } });
console.log(show(new URLSearchParams(hidden)));
const other = new URLSearchParams('x=1&x=2');
const copy = new URLSearchParams(other);
copy.append('x', '3');
console.log(show(other), show(copy));
console.log(show(new URLSearchParams(null)), show(new URLSearchParams(undefined)), show(new URLSearchParams(12)));
for (const bad of [[['a']], [['a', 'b', 'c']], [1]]) {
  try { new URLSearchParams(bad); } catch (e) { console.log(e.name, e.message); }
}
// Lone surrogates become U+FFFD (USVString).
console.log(new URLSearchParams([['\ud800', 'x\udc00']]).toString());
// The operations.
const p = new URLSearchParams('b=2&a=1&b=1&c');
console.log(p.size, p.get('b'), p.get('zz'), JSON.stringify(p.getAll('b')), p.has('c'), p.has('b', '1'), p.has('b', '3'), p.has('b', undefined));
p.append('a', 'x y&z=é');
console.log(p.toString());
p.delete('b', '2');
console.log(p.toString());
p.set('a', 'only');
console.log(p.toString());
p.set('new', 'v');
p.delete('c');
console.log(p.toString(), p.size);
// sort: stable, by code units (so U+FFFD sorts after a surrogate pair's lead).
const s = new URLSearchParams([['z', '1'], ['a', '2'], ['z', '0'], ['\ufffd', 'r'], ['\ud83c\udf08', 'p'], ['a', '1']]);
s.sort();
console.log(JSON.stringify([...s].map(([k, v]) => [k.codePointAt(0).toString(16), v])));
// The stringifier: application/x-www-form-urlencoded.
console.log(new URLSearchParams([['a b', '~*-._!\'()'], ['€', '+%']]).toString(), String(new URLSearchParams('a=')));
// Iteration reads the live list.
const live = new URLSearchParams('a=1&b=2&c=3');
const seen = [];
for (const [k, v] of live) {
  seen.push(k + v);
  if (k === 'a') live.delete('b');
}
console.log(seen.join(','), JSON.stringify([...live.keys()]), JSON.stringify([...live.values()]));
const it = live.entries();
console.log(Object.prototype.toString.call(it), Object.getPrototypeOf(Object.getPrototypeOf(it)) === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
console.log(JSON.stringify(it.next()), JSON.stringify(it.next()), JSON.stringify(it.next()));
console.log(URLSearchParams.prototype[Symbol.iterator] === URLSearchParams.prototype.entries);
const fe = new URLSearchParams('x=1&y=2');
const thisArg = {};
fe.forEach(function (value, key, target) {
  console.log('forEach', key, value, target === fe, this === thisArg);
  if (key === 'x') fe.append('z', '3');
}, thisArg);
try { fe.forEach(5); } catch (e) { console.log(e.name, e.message); }
// Required arguments and brand checks.
try { p.append('a'); } catch (e) { console.log(e.name, e.message); }
try { p.get(); } catch (e) { console.log(e.name, e.message); }
try { URLSearchParams.prototype.get.call(new URL('http://h/'), 'a'); } catch (e) { console.log(e.message); }
try { URLSearchParams(); } catch (e) { console.log(e.name); }
