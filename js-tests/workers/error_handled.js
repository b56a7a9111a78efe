// flags: --virtual-time
// An exception the worker does not handle fires `error` (an ErrorEvent with message, filename,
// lineno, colno and a null error) at the Worker object; canceling it there ends the reporting.
const worker = new Worker('resources/throwing_worker.js');
worker.onerror = (event) => {
  console.log('Worker error event:', event.constructor.name, event.cancelable);
  console.log('message:', event.message);
  console.log('filename:', event.filename.split('/').pop(), 'lineno:', event.lineno, 'colno:', event.colno);
  console.log('error:', event.error);
  event.preventDefault();
  worker.terminate();
};
