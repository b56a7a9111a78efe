// flags: --virtual-time --max-time 1
// status: 124
// explore: skip: the frame count depends on which rendering opportunities the user agent skips.
// A requestAnimationFrame loop that never ends is stopped by --max-time, which names the
// callback still waiting for a frame; 59 frames (one per 60 Hz vsync) ran before 999 ms.
let frames = 0;
requestAnimationFrame(function frame() {
  frames++;
  requestAnimationFrame(frame);
});
setTimeout(() => console.log(`${frames} frames in ${performance.now()} ms`), 999);
