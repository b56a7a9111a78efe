// Derived from web-platform-tests dom/nodes/MutationObserver-attributes.html,
// MutationObserver-characterData.html and MutationObserver-childList.html (behaviour
// re-written for taskhost). DOM §4.3: what records are queued and when they are delivered.
'use strict';

function observed(options, target) {
  const records = [];
  const observer = new MutationObserver((list) => records.push(...list));
  observer.observe(target, options);
  return { records, observer };
}

promise_test(async () => {
  const div = document.createElement('div');
  const { records } = observed({ attributes: true, attributeOldValue: true }, div);
  div.setAttribute('title', 'one');
  div.setAttribute('title', 'two');
  div.removeAttribute('title');
  assert_equals(records.length, 0, 'not delivered synchronously');
  await Promise.resolve();
  assert_array_equals(records.map((r) => `${r.type} ${r.attributeName} ${r.oldValue}`),
    ['attributes title null', 'attributes title one', 'attributes title two']);
  assert_equals(records[0].target, div);
  assert_equals(records[0].attributeNamespace, null);
}, 'attribute records, with old values');

promise_test(async () => {
  const div = document.createElement('div');
  const { records } = observed({ attributeFilter: ['lang'] }, div);
  div.setAttribute('title', 'ignored');
  div.setAttribute('lang', 'en');
  await Promise.resolve();
  assert_array_equals(records.map((r) => r.attributeName), ['lang']);
  assert_equals(records[0].oldValue, null, 'no attributeOldValue');
}, 'attributeFilter implies attributes and filters by name');

promise_test(async () => {
  const text = document.createTextNode('a');
  const { records } = observed({ characterDataOldValue: true }, text);
  text.data = 'b';
  text.textContent = 'c';
  await Promise.resolve();
  assert_array_equals(records.map((r) => `${r.type} ${r.oldValue}`), ['characterData a', 'characterData b']);
}, 'characterData records');

promise_test(async () => {
  const parent = document.createElement('div');
  const a = document.createElement('span');
  const b = document.createElement('p');
  parent.appendChild(a);
  const { records } = observed({ childList: true }, parent);
  parent.appendChild(b);
  parent.removeChild(a);
  parent.textContent = 'text';
  await Promise.resolve();
  assert_equals(records.length, 3);
  assert_array_equals(records[0].addedNodes, [b]);
  assert_equals(records[0].previousSibling, a);
  assert_array_equals(records[1].removedNodes, [a]);
  assert_equals(records[1].nextSibling, b);
  assert_array_equals(records[2].removedNodes, [b], 'textContent: one record');
  assert_equals(records[2].addedNodes.length, 1);
}, 'childList records');

promise_test(async () => {
  const parent = document.createElement('div');
  const child = document.createElement('div');
  parent.appendChild(child);
  const { records, observer } = observed({ attributes: true, subtree: true }, parent);
  child.id = 'x';
  assert_equals(observer.takeRecords().length, 1, 'takeRecords empties the queue');
  child.id = 'y';
  observer.disconnect();
  child.id = 'z';
  await Promise.resolve();
  assert_equals(records.length, 0);
}, 'subtree, takeRecords() and disconnect()');

test(() => {
  const div = document.createElement('div');
  const observer = new MutationObserver(() => {});
  assert_throws_js(TypeError, () => observer.observe(div, {}));
  assert_throws_js(TypeError, () => observer.observe(div, { childList: true, attributes: false, attributeOldValue: true }));
  assert_throws_js(TypeError, () => observer.observe(div, { childList: true, characterData: false, characterDataOldValue: true }));
  assert_throws_js(TypeError, () => observer.observe({}, { childList: true }));
  assert_throws_js(TypeError, () => new MutationObserver());
}, 'invalid options');
