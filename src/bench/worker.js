// The worker side of the worker cases in cases.js: answers `ping` with `pong` (a round trip),
// and `{ tasks: n, rounds }` by posting n scheduler tasks in the worker's own loop and awaiting
// the last, `rounds` times (what postTask_burst does in the window), then answering.
onmessage = async ({ data }) => {
  if (data === "ping") {
    postMessage("pong");
    return;
  }
  const { tasks: n, rounds } = data;
  let ran = 0;
  const f = () => { ran++; };
  for (let round = 0; round < rounds; round++) {
    let last;
    for (let i = 0; i < n; i++) last = scheduler.postTask(f);
    await last;
  }
  postMessage({ ran });
};
