// Reports what the web globals give inside a worker global.
function report() {
  const bytes = new TextEncoder().encode('é');
  const u = new URL('../x?a=1', 'http://h/dir/file');
  u.searchParams.append('b', '2');
  const r = crypto.getRandomValues(new Uint8Array(4));
  let atobError = '';
  try { atob('*'); } catch (e) { atobError = e.name; }
  return [
    self.constructor.name,
    btoa('hi'), atob('aGk='), atobError,
    Array.from(bytes).join(' '), new TextDecoder().decode(bytes),
    u.href, new URLSearchParams({ k: 'v' }).toString(),
    r.length, /^[0-9a-f-]{36}$/.test(crypto.randomUUID()), crypto instanceof Crypto,
  ].join(' | ');
}
if (typeof onconnect === 'undefined' && typeof postMessage === 'function') {
  postMessage(report());
} else {
  onconnect = (e) => e.ports[0].postMessage(report());
}
