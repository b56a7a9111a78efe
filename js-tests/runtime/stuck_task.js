// flags: --max-time 0.2
// status: 124
// A task that never returns cannot be stopped between tasks: the watchdog stops the process.
console.log('about to spin');
for (;;) {}
