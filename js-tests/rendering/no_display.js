// flags: --virtual-time --frame-rate none
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// Without a display there are no rendering opportunities: callbacks wait and the loop ends;
// taskhost.clock.nextFrame() says why it cannot move to a frame.
requestAnimationFrame(() => console.log('never: no display'));
try {
  taskhost.clock.nextFrame();
} catch (e) {
  console.log(e.name, e.message);
}
