// The scenario on a paused clock moved only by runAll(): the same order and times as free.mjs.
import { log, scenario } from './scenario.mjs';
taskhost.clock.pause();
scenario();
await taskhost.clock.runAll();
await taskhost.clock.tick(1000 - 1);
console.log(log.join('\n'));
