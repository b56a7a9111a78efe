// flags: --virtual-time
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// Bad input to taskhost.input and taskhost.page: clear errors, nothing queued.
const detached = document.createElement('div');
const attempts = {
  'no target': () => taskhost.input.click(),
  'a string target': () => taskhost.input.click('#b'),
  'a detached node': () => taskhost.input.click(detached),
  'a text node': () => taskhost.input.click(document.body.appendChild(document.createTextNode('t'))),
  'at in the past': () => setTimeout(() => {}, 0) && taskhost.input.click(document.body, { at: -1 }),
  'at NaN': () => taskhost.input.click(document.body, { at: NaN }),
  'button 9': () => taskhost.input.click(document.body, { button: 9 }),
  'no key': () => taskhost.input.key(document.body),
  'empty key': () => taskhost.input.key(document.body, ''),
  'hide at Infinity': () => taskhost.page.hide({ at: Infinity }),
  'busy(-1)': () => taskhost.clock.busy(-1),
};
for (const [what, f] of Object.entries(attempts)) {
  try {
    f();
    console.log(what, 'accepted');
  } catch (e) {
    console.log(`${what}: ${e.name}: ${e.message}`);
  }
}
// An input aimed at a node that is removed before the input happens: said on stderr, dropped.
const gone = document.body.appendChild(document.createElement('span'));
taskhost.input.click(gone, { at: 50 });
setTimeout(() => gone.remove(), 10);
// An iframe's node: dispatched in the iframe's window; once the iframe is removed, refused.
const frame = document.body.appendChild(document.createElement('iframe'));
const inner = frame.contentDocument.body;
inner.addEventListener('click', (e) => console.log('iframe click, view is the frame:', e.view === frame.contentWindow));
taskhost.input.click(inner, { at: 60 });
setTimeout(() => {
  frame.remove();
  try { taskhost.input.click(inner); } catch (e) { console.log(`after removal: ${e.name}: ${e.message}`); }
}, 100);
