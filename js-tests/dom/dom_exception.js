// DOMException: names, legacy codes and constants, message, prototype chain, cloning.
const e = new DOMException('it broke', 'NotFoundError');
console.log(e.name, e.message, e.code, e instanceof DOMException, e instanceof Error);
console.log(String(e), Object.prototype.toString.call(e));
console.log(Object.getPrototypeOf(DOMException.prototype) === Error.prototype);
const d = new DOMException();
console.log(JSON.stringify([d.name, d.message, d.code]));
console.log(new DOMException('m', 'CustomName').code, new DOMException('m', 'NotAllowedError').code);
const names = ['IndexSizeError', 'HierarchyRequestError', 'InvalidStateError', 'SyntaxError', 'NotSupportedError',
  'AbortError', 'TimeoutError', 'DataCloneError', 'QuotaExceededError', 'NetworkError', 'SecurityError'];
console.log(names.map((n) => n + '=' + new DOMException('', n).code).join(' '));
console.log(DOMException.INDEX_SIZE_ERR, DOMException.ABORT_ERR, DOMException.TIMEOUT_ERR, DOMException.DATA_CLONE_ERR, e.ABORT_ERR);
const c = Object.getOwnPropertyDescriptor(DOMException, 'ABORT_ERR');
console.log(c.writable, c.enumerable, c.configurable);
// name/message/code are accessors on the prototype, not own properties.
console.log(Object.keys(e).length, 'name' in e, Object.prototype.hasOwnProperty.call(e, 'name'));
try { Object.getOwnPropertyDescriptor(DOMException.prototype, 'name').get.call(new Error('x')); } catch (err) { console.log(err.constructor.name + ': ' + err.message); }
// Subclassing.
class MyError extends DOMException { constructor(m) { super(m, 'SyntaxError'); } }
const m = new MyError('sub');
console.log(m instanceof MyError, m instanceof DOMException, m.name, m.code);
// Structured cloning keeps the interface, name and message.
const clone = structuredClone(e);
console.log(clone !== e, clone instanceof DOMException, clone.name, clone.message, clone.code);
// Thrown and caught like any error.
try { throw new DOMException('thrown', 'AbortError'); } catch (err) { console.log('caught', err.name, err.message); }
