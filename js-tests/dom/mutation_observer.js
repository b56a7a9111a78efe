// MutationObserver (DOM §4.3): records for attributes, character data and child lists, delivered
// in one microtask after the mutations, with old values and filters as the options ask.
const log = [];
const div = document.createElement('div');
document.body.appendChild(div);
const text = document.createTextNode('one');
div.appendChild(text);
const describe = (r) => [r.type, r.target.localName || 'text', r.attributeName, r.oldValue,
  r.addedNodes.length, r.removedNodes.length, r.previousSibling && r.previousSibling.localName,
  r.nextSibling && r.nextSibling.localName].join(' ');
const observer = new MutationObserver(function (records, mo) {
  log.push(`callback this=${this === observer} mo=${mo === observer} ${records.length} records`);
  for (const r of records) log.push('  ' + describe(r));
});
observer.observe(div, { attributes: true, attributeOldValue: true, childList: true });
observer.observe(text, { characterData: true, characterDataOldValue: true });
div.setAttribute('id', 'a');
div.id = 'b';
div.removeAttribute('id');
div.removeAttribute('id'); // no attribute: no record
text.data = 'two';
const span = document.createElement('span');
div.insertBefore(span, text);
div.removeChild(span);
div.textContent = 'replaced'; // one record: the old text out, a new text node in
Promise.resolve().then(() => log.push('a promise job queued after the mutations'));
log.push('mutations done, no callback yet');
queueMicrotask(() => {
  console.log(log.join('\n'));
  log.length = 0;
  // Options: an implied `attributes`, a filter, subtree, takeRecords(), disconnect().
  const deep = new MutationObserver(() => log.push('deep callback'));
  deep.observe(document.body, { attributeFilter: ['title'], subtree: true });
  div.setAttribute('lang', 'en');
  div.setAttribute('title', 't');
  const taken = deep.takeRecords();
  console.log('taken:', taken.length, taken[0].attributeName, taken[0].oldValue, deep.takeRecords().length);
  div.setAttribute('title', 'u');
  deep.disconnect();
  div.setAttribute('title', 'v');
  observer.disconnect();
  setTimeout(() => console.log('after disconnect:', JSON.stringify(log)));
});
// Invalid options are TypeErrors.
for (const options of [{}, { childList: true, attributeOldValue: true, attributes: false },
  { childList: true, characterDataOldValue: true, characterData: false },
  { childList: true, attributeFilter: [], attributes: false }, { childList: false }]) {
  try { new MutationObserver(() => {}).observe(div, options); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
}
try { new MutationObserver(() => {}).observe({}, { childList: true }); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
try { new MutationObserver(); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
