// document.createEvent(): the interface by its legacy name (case-insensitive), an uninitialized
// event (dispatchEvent throws until initEvent()), initEvent()/initCustomEvent(); a name without
// an interface, or one whose interface taskhost lacks, is a NotSupportedError. Also `new Text()`
// and click() on a disabled form control. The output is Chromium 156's for the same script, byte
// for byte (tools/differential/record-page.mjs), but for StorageEvent (an interface taskhost
// lacks, so its name is a NotSupportedError here) and TouchEvent (taskhost's page has a
// touchscreen, so it makes one, as Chromium does in a context with one; without, Chromium
// throws NotSupportedError).
for (const name of ['Event', 'events', 'HTMLEvents', 'CustomEvent', 'UIEvents', 'MouseEvent', 'mouseevents',
  'KeyboardEvent', 'FocusEvent', 'MessageEvent', 'SVGEvents']) {
  const e = document.createEvent(name);
  console.log(name, Object.prototype.toString.call(e), JSON.stringify(e.type), e.bubbles, e.isTrusted, e.timeStamp >= 0);
}
const e = document.createEvent('Event');
try { document.body.dispatchEvent(e); } catch (err) { console.log('uninitialized:', err.name); }
e.initEvent('ping', true, true);
document.body.addEventListener('ping', (ev) => console.log('ping', ev.bubbles, ev.cancelable, ev.eventPhase));
console.log('dispatched:', document.body.dispatchEvent(e));
const c = document.createEvent('customevent');
c.initCustomEvent('pong', false, false, { n: 1 });
console.log(c.type, c.detail.n);
for (const name of ['Nonsense', 'TouchEvent', 'StorageEvent']) {
  try { document.createEvent(name); console.log('created', name); } catch (err) {
    console.log(name, err.name, err.code);
  }
}
try { document.createEvent(); } catch (err) { console.log('no argument:', err.name); }
const t = new Text('abc');
console.log(t.data, t.nodeType, t.ownerDocument === document, new Text().data === '', t instanceof CharacterData);
const box = document.body.appendChild(document.createElement('input'));
box.type = 'checkbox';
box.disabled = true;
box.click();
console.log('disabled click():', box.checked);
box.dispatchEvent(new MouseEvent('click'));
console.log('disabled dispatched click:', box.checked);
