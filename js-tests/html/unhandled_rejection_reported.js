// status: 1
// Not canceled: the unhandledrejection event is dispatched, then the rejection is reported.
onunhandledrejection = (e) => console.log('event first:', e.reason.message);
Promise.reject(new Error('nobody handles this'));
// Handling it inside the event handler does not cancel the report, but no rejectionhandled follows.
addEventListener('rejectionhandled', () => console.log('must not run'));
