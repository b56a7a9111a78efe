// Closes itself: what it posts in the task that calls close() is delivered; what it queued is
// discarded.
setTimeout(() => postMessage('never: a timer after close()'), 0);
scheduler.postTask(() => postMessage('never: a task after close()'));
postMessage('before close()');
close();
postMessage('after close(), same task');
