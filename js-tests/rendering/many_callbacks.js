// flags: --virtual-time
// explore: skip: frame times are the user agent's (skipped rendering opportunities move them).
// 10^5 callbacks in one frame, half of them cancelled by the other half while the frame runs:
// the frame runs each remaining one once, in request order, with one timestamp.
const n = 100_000;
const handles = [];
let ran = 0;
let last = -1;
let inOrder = true;
for (let i = 0; i < n; i++) {
  handles.push(requestAnimationFrame((t) => {
    if (i <= last) inOrder = false;
    last = i;
    ran++;
    if (i % 2 === 0) cancelAnimationFrame(handles[i + 1]);
  }));
}
requestAnimationFrame((t) => console.log(`ran ${ran} of ${n}, in order ${inOrder}, at ${t.toFixed(3)}`));
