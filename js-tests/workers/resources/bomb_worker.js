// A worker that starts two more of itself, down to the depth in its name, and stays (it listens
// for messages).
const depth = Number(self.name);
if (depth > 1) {
  new Worker('bomb_worker.js', { name: String(depth - 1) });
  new Worker('bomb_worker.js', { name: String(depth - 1) });
}
onmessage = () => {};
