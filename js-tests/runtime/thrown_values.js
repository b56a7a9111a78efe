// status: 1
// explore: skip: the order it checks between task sources (two timers' errors and the rejection notification task) is the documented policy's; HTML's event loop leaves it to the user agent.
// Thrown strings read as themselves (unquoted), with the position where they were thrown.
function fail() { throw 'plain text'; }
setTimeout(fail, 0);
Promise.reject('late');
