// status: 1
// An uncaught DOMException is reported as `Name: message`.
setTimeout(() => { throw new DOMException('the operation was aborted', 'AbortError'); });
Promise.reject(new DOMException('', 'TimeoutError'));
