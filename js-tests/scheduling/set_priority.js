// flags: --virtual-time
// explore: skip: a delayed task's padding may let another task due at the same time run first, which HTML's timers allow.
// TaskController.setPriority: pending tasks move with their signal's queue; the prioritychange
// event carries previousPriority and runs after the priority change algorithms; re-entrant
// setPriority is a NotAllowedError; setting the same priority does nothing.
const log = (...a) => console.log(...a);
const controller = new TaskController({ priority: 'background' });
const signal = controller.signal;
signal.onprioritychange = (e) => log(`onprioritychange: ${e.previousPriority} -> ${e.target.priority}, trusted ${e.isTrusted}, ${e instanceof TaskPriorityChangeEvent}`);
signal.addEventListener('prioritychange', () => {
  try {
    controller.setPriority('background');
  } catch (e) {
    log('re-entrant setPriority throws', e.name, e instanceof DOMException);
  }
});
scheduler.postTask(() => log('user-visible task A'));
scheduler.postTask(() => log('controlled task 1 (was background)'), { signal });
scheduler.postTask(() => log('controlled task 2 (was background)'), { signal });
scheduler.postTask(() => log('user-visible task B'));
// An explicit priority wins over the signal's: this one stays background.
scheduler.postTask(() => log('background task with the signal but priority given'), { signal, priority: 'background' });
controller.setPriority('user-blocking');
log('after setPriority: priority is', signal.priority);
controller.setPriority('user-blocking'); // same: no event

// Priority changes also apply to tasks still in their delay.
const later = new TaskController({ priority: 'background' });
scheduler.postTask(() => log('delayed task, raised to user-blocking while waiting'), { signal: later.signal, delay: 10 });
scheduler.postTask(() => log('user-visible task posted with the same delay'), { delay: 10 });
setTimeout(() => later.setPriority('user-blocking'), 5);

// Many changes in a row, from inside a task: the last one counts.
const flip = new TaskController();
scheduler.postTask(() => log('flipped task'), { signal: flip.signal, delay: 20 });
scheduler.postTask(() => log('user-visible marker at 20'), { delay: 20 });
setTimeout(() => { flip.setPriority('user-blocking'); flip.setPriority('background'); }, 15);
