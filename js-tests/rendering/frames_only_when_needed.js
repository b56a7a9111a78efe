// flags: --virtual-time --log-tasks
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// A program that never asks for a frame runs no rendering task; one that asks gets one frame
// per request at the next vsync, and the loop ends when nothing asks any more.
setTimeout(() => console.log('no frames before this timer'), 40);
setTimeout(() => requestAnimationFrame((ts) => console.log('one frame at', ts.toFixed(3))), 50);
