// flags: --virtual-time --frame-rate 100
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// A 100 Hz display: vsyncs every 10 ms; taskhost.clock.nextFrame() runs to the next one.
let n = 0;
function frame(ts) {
  console.log('frame', ts);
  if (++n < 3) requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
