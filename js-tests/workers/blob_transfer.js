// Blobs and Files cross to a worker and back with postMessage (their bytes are shared, not
// copied); Maps carry them too; a transferred ArrayBuffer moves and is detached here.
const worker = new Worker('resources/blob_worker.js');
const blob = new Blob(['hello, worker']);
const buffer = new Uint8Array([1, 2, 3]).buffer;
worker.postMessage({
  blob,
  file: new File(['file body'], 'a.txt', { type: 'text/plain', lastModified: 1234 }),
  map: new Map([['b', new Blob(['12345'])], ['e', new DOMException('x', 'AbortError')]]),
  buffer,
}, [buffer]);
console.log('detached after posting:', buffer.byteLength);
worker.onmessage = async ({ data }) => {
  console.log(data.report);
  console.log(data.slice instanceof Blob, data.slice.type, JSON.stringify(await data.slice.text()));
  worker.terminate();
};
