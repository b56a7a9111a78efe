// Receives Blobs, Files and buffers, reads them on the worker's thread, and sends a slice back.
onmessage = async ({ data }) => {
  const { blob, file, map, buffer } = data;
  const text = await blob.text();
  const entries = [...map].map(([k, v]) => `${k}:${v instanceof Blob ? 'Blob ' + v.size : v.name}`);
  postMessage({
    report: `${text} | ${file.name} ${file.lastModified} ${file.type} ${await file.text()} | ${entries.join(',')} | ${new Uint8Array(buffer).join()}`,
    slice: blob.slice(2, 5, 'text/x-slice'),
  });
};
