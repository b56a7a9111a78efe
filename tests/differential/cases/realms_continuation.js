// The continuation state is a map keyed by scheduler (Prioritized Task Scheduling §4.1: "set the
// current scheduling state for scheduler"), so a yield() continuation inherits the priority of the
// task that started the work only when it yields to the *same* scheduler that ran the task; the
// realm of the function that yields does not matter, nor the realm of a promise awaited before the
// yield (the state travels with the promise reactions, §4.1.5–4.1.6). Every combination of posting
// scheduler × function realm × realm of the awaited promise × yielding scheduler, one at a time:
// the task is posted with background priority, and a user-visible marker task is posted just
// before the yield. An inheriting continuation keeps background priority and runs after the
// marker; one that does not inherit is a user-visible continuation and runs before it.
// Derived from the behaviour upstream scheduler/tentative/yield/yield-scripted-subframe-propagation.html checks.
const log = [];
const container = document.body ?? document.documentElement;
const iframe = container.appendChild(document.createElement('iframe'));
const w = iframe.contentWindow;
const schedulers = { parent: scheduler, frame: w.scheduler };
// The same async function, made in each realm.
const source = 'return async (yielding, order, AwaitedPromise) => { await new AwaitedPromise((resolve) => resolve()); scheduler.postTask(() => order.push("marker")); await yielding.yield(); order.push("continuation"); };';
const promises = { parent: Promise, frame: w.Promise };
const makers = { parent: new Function(source)(), frame: new w.Function(source)() };

async function run() {
  for (const poster of ['parent', 'frame']) {
    for (const realm of ['parent', 'frame']) {
      for (const awaited of ['parent', 'frame']) {
        for (const yielder of ['parent', 'frame']) {
          const order = [];
          const f = makers[realm];
          await schedulers[poster].postTask(() => f(schedulers[yielder], order, promises[awaited]), { priority: 'background' });
          await new Promise((resolve) => setTimeout(resolve, 0));
          while (order.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
          const inherited = order[0] === 'marker';
          log.push(`posted to ${poster}, ${realm} function, awaits a ${awaited} promise, yields to ${yielder}: ${inherited ? 'inherits background' : 'does not inherit'}`);
        }
      }
    }
  }
}
run().then(() => console.log([...log, 'end'].join('\n')));
