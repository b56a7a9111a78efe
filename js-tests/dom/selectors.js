// Selectors: querySelector(), querySelectorAll(), matches() and closest() on a small tree —
// combinators, attribute operators and flags, :not()/:is(), structural pseudo-classes, :scope
// — and the SyntaxError for an invalid selector and for one taskhost does not support. The lines
// of matches are Chromium 156's for the same script, byte for byte (but for the `<script>` element
// Chromium's page has); the error messages are taskhost's, and Chromium supports the last three.
const make = (tag, attrs = {}, ...children) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
};
document.body.append(
  make('div', { id: 'a', class: 'box  main', lang: 'en-US' },
    make('p', { id: 'p1', title: 'first para' }, 'one'),
    make('p', { id: 'p2', 'data-x': 'Value' }),
    make('span', { id: 's1' }, make('p', { id: 'p3' }, 'deep'))),
  make('div', { id: 'b', class: 'box' }, make('input', { id: 'i1', type: 'checkbox', checked: '' }),
    make('input', { id: 'i2', disabled: '' })));
const ids = (list) => Array.from(list, (e) => e.id || e.localName).join(' ') || '(none)';
for (const sel of ['div', '*', '#a > p', '#a p', 'p + p', 'p ~ span', '.box', '.main.box', '[title]',
  '[title="first para"]', "[title~=para]", '[lang|=en]', '[id^=p]', '[id$="2"]', '[title*="t p"]',
  '[data-x=value]', '[data-x=value i]', 'p:not(#p1)', 'p:not([id=p1], #p3)', ':is(span, input) ',
  'p:first-child', 'p:last-child', 'span > p:only-child', 'p:empty', ':root', 'body > :first-child + div',
  'input:checked', 'input:disabled', 'input:enabled', '#a, #i1', '#\\61', 'P#P1', 'div.box>p']) {
  console.log(JSON.stringify(sel), '->', ids(document.querySelectorAll(sel)));
}
const a = document.getElementById('a');
console.log('scoped:', ids(a.querySelectorAll(':scope > p')), ids(a.querySelectorAll('div p')),
  a.querySelector('p').id, a.querySelector('input'));
const p3 = document.getElementById('p3');
console.log('matches:', p3.matches('div p'), p3.matches('#a > p'), p3.matches(':scope'));
console.log('closest:', p3.closest('div').id, p3.closest('span, div').id, p3.closest('p').id, p3.closest('form'));
for (const bad of ['', '[', 'div >', 'p..x', '#', 'a:hover', 'p::before', 'li:nth-child(2)']) {
  try {
    document.querySelector(bad);
    console.log('no error for', JSON.stringify(bad));
  } catch (e) {
    console.log(JSON.stringify(bad), e.name, e instanceof DOMException, e.message);
  }
}
try { a.matches(')'); } catch (e) { console.log('matches:', e.name); }
try { a.closest('a:hover'); } catch (e) { console.log('closest:', e.name); }
