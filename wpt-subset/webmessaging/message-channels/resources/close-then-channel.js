// Worker script of worker-close.window.js: close(), then make and use a channel in the same task.
'use strict';
close();
const channel = new MessageChannel();
channel.port1.postMessage(1);
channel.port2.postMessage(2);
postMessage('channel used');
