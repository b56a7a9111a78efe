// flags: --virtual-time
// The scenario with the loop moving the virtual clock by itself (see scenario.mjs).
import { log, scenario } from './scenario.mjs';
scenario();
setTimeout(() => console.log(log.join('\n')), 1000);
