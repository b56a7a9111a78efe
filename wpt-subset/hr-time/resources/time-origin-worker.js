// Worker script of window-worker-timeOrigin.window.js: report this global's clock.
'use strict';
postMessage({timeOrigin: performance.timeOrigin, now: performance.now()});
