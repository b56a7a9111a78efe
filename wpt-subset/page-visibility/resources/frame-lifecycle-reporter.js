// A frame that reports its lifecycle events to its parent.
'use strict';
// Loaded by frame-a.html and frame-b.html (for ../iframe-navigation.html): each event goes to
// the parent, with the document's visibility state when it fired.
const report = e => parent.postMessage({
  page: location.pathname.split('/').pop(),
  type: e.type,
  target: e.target.nodeName,
  visibilityState: document.visibilityState,
}, '*');
addEventListener('pageshow', report);
addEventListener('pagehide', report);
document.addEventListener('visibilitychange', report);
addEventListener('unload', report);
