// status: 1
// explore: skip: the order it checks between task sources (a timer and the rejection notification task) is the documented policy's; HTML's event loop leaves it to the user agent.
// An uncaught DOMException is reported as `Name: message`.
setTimeout(() => { throw new DOMException('the operation was aborted', 'AbortError'); });
Promise.reject(new DOMException('', 'TimeoutError'));
