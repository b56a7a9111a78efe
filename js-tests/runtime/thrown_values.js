// status: 1
// Thrown strings read as themselves (unquoted), with the position where they were thrown.
function fail() { throw 'plain text'; }
setTimeout(fail, 0);
Promise.reject('late');
