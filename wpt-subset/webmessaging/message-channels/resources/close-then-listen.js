// Worker script of worker-close.window.js: on a message, close(), then listen on a new channel
// and post to it; the listener must never run.
'use strict';
onmessage = () => {
  close();
  const channel = new MessageChannel();
  channel.port1.onmessage = () => postMessage('delivered after close()');
  channel.port2.postMessage('ping');
  postMessage('posted');
};
