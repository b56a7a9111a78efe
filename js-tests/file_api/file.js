// flags: --virtual-time
// File (File API §4): name, lastModified (default: now on the loop's clock), type, subclassing.
const f = new File(['a', new Blob(['bc'])], 'dir/x.txt', { type: 'TEXT/plain', lastModified: 42.9 });
console.log(f.name, f.lastModified, f.size, f.type, f instanceof Blob, f instanceof File, f.webkitRelativePath === '');
console.log(Object.prototype.toString.call(f), Object.getPrototypeOf(File) === Blob);
// Without lastModified, the date is the current time of the loop's clock, as Date.now() gives it.
const before = Date.now();
const now = new File([], 'now');
console.log(now.lastModified === before, typeof now.lastModified);
setTimeout(() => {
  const later = new File([], 'later');
  // (A timer may fire later than its timeout: at least an hour has passed.)
  console.log('an hour later:', later.lastModified - before >= 3600000);
}, 3600 * 1000);
console.log(new File([], 'w', { lastModified: -1 }).lastModified, new File([], 'w', { lastModified: NaN }).lastModified);
console.log(new File([], 'w', { lastModified: 2 ** 64 + 4096 }).lastModified);
console.log(JSON.stringify(new File([], '\ud800').name), new File([], 5).name);
for (const args of [[], [[]], [5, 'x']]) {
  try { new File(...args); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }
}
class Upload extends File {}
const u = new Upload(['z'], 'u.bin');
console.log(u instanceof Upload, u.name, u.size);
const slice = f.slice(1);
console.log(slice instanceof File, slice instanceof Blob, slice.size);
try { Object.getOwnPropertyDescriptor(File.prototype, 'name').get.call(new Blob()); } catch (e) {
  console.log(e.constructor.name + ': ' + e.message);
}
f.text().then((t) => console.log('text', t));
