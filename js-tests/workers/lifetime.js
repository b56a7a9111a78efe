// flags: --max-time 10
// The process lives while a worker is busy (here: a pending timer) even after the window has
// nothing left, and ends once every loop is idle: a worker that only waits for messages keeps
// nothing alive once nobody else can post to it. (A hang would end with status 124.)
const worker = new Worker('resources/late_worker.js');
worker.onmessage = ({ data }) => console.log(data);
console.log('window script done');
