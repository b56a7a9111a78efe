// flags: --virtual-time
// explore: skip: the order it checks between task sources (a timer among scheduler tasks) is the documented policy's; HTML's event loop leaves it to the user agent.
// Three priorities posted in the "wrong" order run by priority: user-blocking, then user-visible,
// then background — and a timer set in between takes its turn with the user-visible work.
// Run it: taskhost run examples/priorities.js
scheduler.postTask(() => console.log('background: send analytics'), { priority: 'background' });
scheduler.postTask(() => console.log('user-visible: render the list'), { priority: 'user-visible' });
setTimeout(() => console.log('timer (0 ms): same band as user-visible work, posted after it'), 0);
scheduler.postTask(() => console.log('user-blocking: respond to the click'), { priority: 'user-blocking' });
scheduler.postTask(() => console.log('user-visible (default priority): prefetch the next page'));
