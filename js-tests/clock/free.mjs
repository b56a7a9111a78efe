// flags: --virtual-time
// explore: skip: it prints the time at which each task of every source runs, which timer padding and idle periods, the user agent's choices, change.
// The scenario with the loop moving the virtual clock by itself (see scenario.mjs).
import { log, scenario } from './scenario.mjs';
scenario();
setTimeout(() => console.log(log.join('\n')), 1000);
