// flags: --explore 20
// status: 3
// A small settings store with an ordering bug that one event loop hides and another shows.
//
// Writes are batched: the first `set` of a task schedules a 0 ms timer that applies every
// pending write. Subscribers hear of a change through a MessageChannel, posted after the
// timer was set, and read the store when they do, assuming the batched write has landed.
// HTML promises no such thing: the timer's task and the message's task come from different
// task sources (timer, posted message), and the event loop may take either first. taskhost's
// documented policy runs the one that became runnable first, the timer, so the bug hides;
// `taskhost run --explore 20 examples/explore_store.js` finds the order that shows it, and
// `--policy-seed` replays it. (The fix: post the message from the timer's callback.)
const store = (() => {
  const values = new Map();
  const pending = new Map();
  const subscribers = [];
  const channel = new MessageChannel();
  channel.port2.onmessage = (event) => {
    for (const subscriber of subscribers) subscriber(event.data);
  };
  return {
    get: (key) => values.get(key),
    set(key, value) {
      if (pending.size === 0) {
        setTimeout(() => {
          for (const [k, v] of pending) values.set(k, v);
          pending.clear();
        }, 0);
      }
      pending.set(key, value);
      channel.port1.postMessage(key);
    },
    subscribe: (fn) => subscribers.push(fn),
  };
})();

store.subscribe((key) => console.log(`${key} is now ${store.get(key)}`));
store.set('theme', 'dark');
