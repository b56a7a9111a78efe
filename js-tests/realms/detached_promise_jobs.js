// A promise job whose realm is a removed iframe's does not run. HTML HostEnqueuePromiseJob step 2.1:
// "If job settings is not null, then check if we can run script with job settings. If this
// returns 'do not run', then return", and "check if we can run script" step 1: "If the global
// object specified by settings is a Window object whose Document object is not fully active, then
// return 'do not run'." The thenable job of resolving with a frame's promise belongs to the realm
// of that promise's `then` (ECMAScript NewPromiseResolveThenableJob: GetFunctionRealm(then)).
//
// Chromium 156 runs that job anyway (it prints `true` for the first line); taskhost follows the
// spec. A reaction registered with this window's functions belongs to this window and runs.
const iframe = document.body.appendChild(document.createElement('iframe'));
const w = iframe.contentWindow;
const framePromise = new w.Promise((resolve) => resolve('value'));
iframe.remove();
let thenableJobRan = false;
Promise.resolve(framePromise).then(() => { thenableJobRan = true; });
let reactionRan = false;
w.Promise.prototype.then.call(framePromise, () => { reactionRan = true; });
setTimeout(() => {
  console.log('thenable job of the removed frame\'s promise ran:', thenableJobRan);
  console.log('reaction with this window\'s function ran:', reactionRan);
}, 0);
