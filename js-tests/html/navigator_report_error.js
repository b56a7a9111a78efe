// status: 1
// navigator (HTML §8.10.1): one Navigator per window ([SameObject]), [Replaceable]; the legacy
// NavigatorID constants; languages is one frozen array. reportError(e) (HTML §8.1.4.7) reports an
// exception for the global: an ErrorEvent first, the console only if it was not canceled.
console.log(navigator.userAgent.startsWith('Mozilla/5.0 (taskhost/'), navigator.appCodeName,
  navigator.appName, navigator.product, navigator.language, navigator.languages.join(),
  navigator.languages === navigator.languages, Object.isFrozen(navigator.languages),
  navigator === navigator, navigator instanceof Navigator, navigator.onLine,
  Number.isInteger(navigator.hardwareConcurrency) && navigator.hardwareConcurrency > 0);
try { Navigator.prototype.userAgent; } catch (e) { console.log('Navigator.prototype.userAgent:', e.constructor.name); }
try { new Navigator(); } catch (e) { console.log('new Navigator():', e.constructor.name); }
const frame = document.body.appendChild(document.createElement('iframe')).contentWindow;
console.log('each window has its own navigator:', frame.navigator !== navigator);
let handled = false;
addEventListener('error', (e) => {
  console.log('error event:', e.message, e.error instanceof TypeError);
  if (!handled) { handled = true; e.preventDefault(); }
});
reportError(new TypeError('canceled by the listener'));
reportError(new TypeError('reaches the console'));
console.log('reportError returns, and script goes on');
try { reportError(); } catch (e) { console.log(e.message); }
self.navigator = 'replaced';
console.log(navigator);
