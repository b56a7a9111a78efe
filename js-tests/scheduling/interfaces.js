// The WebIDL shape of the API: interfaces, inheritance, constructors, brand checks, names and
// lengths, [Replaceable] scheduler.
const check = (what, ok) => console.log(ok ? 'ok  ' : 'FAIL', what);
const throwsType = (f) => { try { f(); return false; } catch (e) { return e instanceof TypeError; } };

check('scheduler is a Scheduler', scheduler instanceof Scheduler);
check('Scheduler is not constructible', throwsType(() => new Scheduler()));
check('TaskSignal is not constructible', throwsType(() => new TaskSignal()));
check('Scheduler.prototype[@@toStringTag]', Object.prototype.toString.call(scheduler) === '[object Scheduler]');
check('postTask.length === 1, yield.length === 0', Scheduler.prototype.postTask.length === 1 && Scheduler.prototype.yield.length === 0);
check('postTask.name', Scheduler.prototype.postTask.name === 'postTask');
check('TaskController extends AbortController', Object.getPrototypeOf(TaskController) === AbortController && Object.getPrototypeOf(TaskController.prototype) === AbortController.prototype);
check('TaskSignal extends AbortSignal', Object.getPrototypeOf(TaskSignal) === AbortSignal && Object.getPrototypeOf(TaskSignal.prototype) === AbortSignal.prototype);
check('TaskPriorityChangeEvent extends Event', Object.getPrototypeOf(TaskPriorityChangeEvent.prototype) === Event.prototype);
check('TaskController.length === 0, TaskPriorityChangeEvent.length === 2', TaskController.length === 0 && TaskPriorityChangeEvent.length === 2);
check('TaskSignal.any.length === 1', TaskSignal.any.length === 1);

const controller = new TaskController();
check('a TaskController signal is a TaskSignal', controller.signal instanceof TaskSignal && controller.signal instanceof AbortSignal && controller.signal instanceof EventTarget);
check('default priority is user-visible', controller.signal.priority === 'user-visible');
check('init priority', new TaskController({ priority: 'background' }).signal.priority === 'background');
check('bad init priority throws', throwsType(() => new TaskController({ priority: 'high' })));
check('TaskController is an AbortController (abort works)', (controller.abort('why'), controller.signal.aborted && controller.signal.reason === 'why'));
check('setPriority on an AbortController is an illegal invocation', throwsType(() => TaskController.prototype.setPriority.call(new AbortController(), 'background')));
check('setPriority with a bad value throws', throwsType(() => new TaskController().setPriority('urgent')));
check('setPriority needs an argument', throwsType(() => new TaskController().setPriority()));
check('priority getter brand check', throwsType(() => Object.getOwnPropertyDescriptor(TaskSignal.prototype, 'priority').get.call(new AbortController().signal)));

const e = new TaskPriorityChangeEvent('prioritychange', { previousPriority: 'user-blocking' });
check('TaskPriorityChangeEvent', e.type === 'prioritychange' && e.previousPriority === 'user-blocking' && !e.isTrusted && e instanceof Event);
check('previousPriority is required', throwsType(() => new TaskPriorityChangeEvent('x', {})));
check('the init dictionary is required', throwsType(() => new TaskPriorityChangeEvent('x')));
check('previousPriority must be a TaskPriority', throwsType(() => new TaskPriorityChangeEvent('x', { previousPriority: 'soon' })));

// [Replaceable]: an accessor on the global; assigning replaces it with a data property.
const desc = Object.getOwnPropertyDescriptor(globalThis, 'scheduler');
check('scheduler is an accessor', typeof desc.get === 'function' && typeof desc.set === 'function' && desc.enumerable && desc.configurable);
const original = scheduler;
globalThis.scheduler = 42;
check('scheduler is replaceable', scheduler === 42 && Object.getOwnPropertyDescriptor(globalThis, 'scheduler').value === 42);
check('the original getter still returns the Scheduler', desc.get.call(globalThis) === original);
