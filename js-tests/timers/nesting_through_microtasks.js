// flags: --virtual-time
// explore: skip: it prints how late each timer ran, which timer padding and idle periods, the user agent's choices, change.
// Timer nesting levels do not carry through promise reactions. HTML timer initialization steps,
// step 3: "If the surrounding agent's event loop's currently running task is a task that was created
// by this algorithm, then let nesting level be the task's timer nesting level. Otherwise, let nesting
// level be 0." A reaction runs in the microtask checkpoint that "clean up after running script" performs
// inside the timer task, but "perform a microtask checkpoint" step 3.2 sets the currently running task
// to the microtask: so twelve setTimeout(0) hops through Promise.resolve().then() are never clamped,
// while twelve direct hops are clamped to 4 ms from nesting level 5 on.
// (Chromium 156 clamps both chains: it carries the timer's nesting level into the reactions.)
function chain(label, viaReaction, done) {
  let hops = 0;
  const start = performance.now();
  const hop = () => {
    if (++hops === 12) {
      console.log(`${label}: ${performance.now() - start} ms`);
      done();
      return;
    }
    setTimeout(viaReaction ? () => Promise.resolve().then(hop) : hop, 0);
  };
  hop();
}
chain('through promise reactions', true, () => chain('direct', false, () => {}));
