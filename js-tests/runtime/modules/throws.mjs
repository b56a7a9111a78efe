// status: 1
import './lib/greet.mjs';
console.log('module body runs');
await null;
throw new Error('thrown after a top-level await');
