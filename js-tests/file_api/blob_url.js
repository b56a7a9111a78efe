// blob: URLs (File API §8.3) on the command line: createObjectURL for a Blob and a File, a
// worker started from one (its script is the Blob's text, and revoking the URL right after the
// constructor does not affect it), a module imported from one, and revocation: a revoked URL
// no longer resolves.
const uuid = /^blob:http:\/\/web-platform\.test:8000\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const source = "postMessage('worker from ' + location.protocol + ' URL');";
const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
console.log('blob URL format:', uuid.test(url));
console.log('File URL format:', uuid.test(URL.createObjectURL(new File(['x'], 'x.txt'))));
for (const value of [{}, 'text', undefined]) {
  try {
    URL.createObjectURL(value);
  } catch (e) {
    console.log('createObjectURL(' + typeof value + '):', e.name);
  }
}
const worker = new Worker(url);
URL.revokeObjectURL(url);
URL.revokeObjectURL(url);
URL.revokeObjectURL('https://example.com/');
worker.onmessage = async ({ data }) => {
  console.log(data);
  worker.terminate();
  const moduleUrl = URL.createObjectURL(new Blob(['export default "module from a blob: URL";']));
  console.log((await import(moduleUrl)).default);
  URL.revokeObjectURL(moduleUrl);
  const revoked = URL.createObjectURL(new Blob(['export default 1;']));
  URL.revokeObjectURL(revoked);
  try {
    await import(revoked);
  } catch (e) {
    console.log('import of a revoked URL:', e.name);
  }
};
