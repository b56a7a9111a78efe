// Echoes every message back, and sends its own numbered stream at the same time.
let sent = 0;
onmessage = ({ data }) => {
  postMessage({ echo: data });
  if (sent < 50) postMessage({ own: sent++ });
};
