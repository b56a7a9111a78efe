// explore: skip: the order it checks between task sources (every task source, in one scenario) is the documented policy's; HTML's event loop leaves it to the user agent.
// The scenario on a paused clock moved only by runAll(): the same order and times as free.mjs.
import { log, scenario } from './scenario.mjs';
taskhost.clock.pause();
scenario();
await taskhost.clock.runAll();
await taskhost.clock.tick(1000 - 1);
console.log(log.join('\n'));
