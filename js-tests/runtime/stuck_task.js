// flags: --max-time 0.2
// status: 124
// explore: skip: it needs the real clock (a task that never returns is stopped by the wall-clock watchdog); --explore runs on the virtual clock.
// A task that never returns cannot be stopped between tasks: the watchdog stops the process.
console.log('about to spin');
for (;;) {}
