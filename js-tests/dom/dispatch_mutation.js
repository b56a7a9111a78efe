// Listener list mutation during dispatch: removal is honoured, additions wait for the next
// dispatch; stopImmediatePropagation stops the rest; stopPropagation at the target in the
// capture phase stops the non-capture listeners too (DOM "invoke" step 3).
const t = new EventTarget();
const log = (s) => console.log(s);
function b() { log('b (must not run)'); }
function c() { log('c'); }
t.addEventListener('x', () => { log('a removes b, adds d'); t.removeEventListener('x', b); t.addEventListener('x', d); });
t.addEventListener('x', b);
t.addEventListener('x', c);
function d() { log('d (second dispatch only)'); }
t.dispatchEvent(new Event('x'));
log('--');
t.dispatchEvent(new Event('x'));
log('-- self removal');
const u = new EventTarget();
function once() { log('self-removing'); u.removeEventListener('y', once); }
u.addEventListener('y', once);
u.addEventListener('y', () => log('after self-removing'));
u.dispatchEvent(new Event('y'));
u.dispatchEvent(new Event('y'));
log('-- stopImmediatePropagation');
const v = new EventTarget();
v.addEventListener('z', (e) => { log('first'); e.stopImmediatePropagation(); });
v.addEventListener('z', () => log('second (must not run)'));
v.dispatchEvent(new Event('z'));
log('-- capture runs first; stopPropagation in capture stops the rest');
const w = new EventTarget();
w.addEventListener('q', () => log('bubble listener'));
w.addEventListener('q', (e) => { log('capture listener, phase ' + e.eventPhase); e.stopPropagation(); }, true);
w.dispatchEvent(new Event('q'));
log('-- re-dispatch of the same event object after dispatch');
const ev = new Event('r');
w.addEventListener('r', (e) => log('r ' + e.eventPhase + ' ' + (e.currentTarget === w)));
w.dispatchEvent(ev);
w.dispatchEvent(ev);
console.log(ev.eventPhase, ev.currentTarget, ev.target === w);
log('-- dispatching an event that is being dispatched');
w.addEventListener('s', (e) => {
  try { w.dispatchEvent(e); } catch (err) { log(err.name + ' ' + (err instanceof DOMException)); }
});
w.dispatchEvent(new Event('s'));
