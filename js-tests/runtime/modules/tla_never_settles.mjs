// status: 1
// A top-level await that nothing can settle is an error once the loop has nothing left to run.
console.log('waiting forever');
await new Promise(() => {});
