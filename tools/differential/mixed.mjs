// Random programs over every task source taskhost has: scheduler.postTask (priorities, signals,
// delays), scheduler.yield(), TaskController setPriority/abort, TaskSignal.any, timers (nested,
// intervals, clearing, equal and distinct delays), MessageChannel messages (posted from tasks and from
// microtasks), requestIdleCallback, AbortSignal.timeout, queueMicrotask, promise chains and thenables,
// event dispatch, throwing callbacks and rejected promises (handled late, or never).
//
// A program is a tree of *actions*. Each action schedules one callback; the callback logs a distinct
// label and runs up to two more actions, down to a fixed depth. Every line the program logs goes into
// one array that a timer prints at PRINT_AT ms, long after the work is done.
//
// Nothing may depend on how fast a machine runs the work, or on two things falling due at nearly the
// same moment. The rules that keep it so:
// - Every callback has a *nominal time*: 0 for the script, and the sum of the delays on its way
//   there for the rest (a callback queued, posted or awaited without a delay shares its parent's).
//   Every positive delay is a multiple of GAP, and no two timer-like things (timers, interval runs,
//   delayed tasks, AbortSignal.timeout, the timer that handles a rejection) share a nominal time,
//   except setTimeout timers with the same delay set from the same callback, which HTML orders by
//   when they were set (timer initialization steps, "wait until any invocations of this algorithm
//   that had the same global and orderingIdentifier, that started before this one, and whose
//   milliseconds is less than or equal to this one's, have completed"). Two timers whose delays sum
//   to the same time along different paths would race: the one set later may be due a few
//   microseconds earlier or later. GAP (60 ms) is far longer than the work between two nominal times.
// - A postTask that is awaited has no delay, so the code after the await keeps its nominal time.
// - Nested zero-delay timer chains stop at CHAIN_MAX hops, so a clamped chain (4 ms per hop from
//   nesting level 6 on) ends well within GAP.
// - `requestIdleCallback` has no `timeout` (its deadline is a race by design) and is only requested
//   in programs with no timers but the one that prints: an idle period may start whenever the loop
//   waits for a timer, and whether it does depends on how long the work took.
// - Intervals clear themselves after a fixed number of runs; `clearTimeout` runs in the task that set
//   the timer (or its microtask), before the timer can fire.
// - Nothing logs times, deadlines or anything else that varies between runs.
//
// With `{ web: true }` (generate.mjs --shape web) a program uses none of the Prioritized Task
// Scheduling API (`scheduler`, `TaskController`, `TaskSignal`) and no `requestIdleCallback`, so
// that an engine without them (WebKit) runs it: the same actions less `post`, `setPriority`,
// `abort`, `idle` and `yieldHere`; an `AbortSignal.timeout` never also signals a task, and a late
// rejection handler is never a task's. They post no `MessageChannel` messages either (no `message`
// action): WebKitGTK passes a port's messages through another process (its UI process keeps the
// ports' queues), so when a message arrives against timers and other tasks depends on the latency
// of two inter-process round trips, and a recording would only say how fast the machine was.
// Nor does a 0 ms interval that runs more than once share its nominal time with another 0 ms timer
// (a `setTimeout(f, 0)`, a chain's hop, an `AbortSignal.timeout(0)`, another such interval): HTML
// orders them by when each wait started, but in WebKitGTK a 0 ms timer set by a timer task waits
// less than a millisecond and an interval's period at least one, so whether the interval's next run
// comes before or after the other timers depends on how long each task took. Of the 45 programs of
// `--shape web --seed 1 --count 800` with a 0 ms interval of two or three runs beside a 0 ms chain,
// 18 printed two or more orders in WebKit's five runs and 14 others printed an order no rule on the
// virtual clock reproduces (docs/EVENT_LOOP.md). Such a program is rejected after it is generated,
// so every other seed writes the program it wrote before the rule.
// Without the option the programs are the same as before it.

const PRIORITIES = ['user-blocking', 'user-visible', 'background'];
export const GAP = 60;
const DELAYS = [0, 0, 0, GAP, 2 * GAP];
const CHAIN_MAX = 8;
// The last nominal time a timer may have, and when the program prints.
const LAST = 6 * GAP;
const PRINT_AT = LAST + 2 * GAP;
const MAX_DEPTH = 3;

export function mixedProgram(seed, r, { web = false } = {}) {
  let labels = 0;
  const nextLabel = (kind) => `${kind}${++labels}`;
  const out = [];
  const controllers = [];
  let usesIdle = false;
  let usesTimers = false;
  let channel = false;
  let target = false;
  // Nominal time -> who owns it: { base, kind } (see the header).
  const taken = new Map();
  // Nominal time -> how many 0 ms timers (that are not cleared before they fire) fall due then, and
  // the nominal times of 0 ms intervals that run more than once (the web shape's rule, see the header).
  const zeroTimers = new Map();
  const zeroTimer = (at) => zeroTimers.set(at, (zeroTimers.get(at) ?? 0) + 1);
  const repeatingZeroIntervals = new Set();

  // A delay for something timer-like of `kind` set at nominal time `at`: 0, or a multiple of GAP
  // whose nominal time is free (or shareable, for equal setTimeout delays from the same callback).
  function delayAt(at, kind, wanted = r.pick(DELAYS)) {
    if (wanted === 0) return 0;
    for (let d = wanted; at + d <= LAST; d += GAP) {
      const owner = taken.get(at + d);
      if (owner && !(kind === 'timeout' && owner.kind === 'timeout' && owner.base === at && d === wanted)) continue;
      taken.set(at + d, { base: at, kind });
      usesTimers = true;
      return d;
    }
    return 0;
  }

  // An interval period set at `at` whose `runs` runs all have free nominal times; 0 when none is.
  function periodAt(at, runs) {
    for (let d = GAP; at + runs * d <= LAST; d += GAP) {
      const times = Array.from({ length: runs }, (_, i) => at + (i + 1) * d);
      if (times.some((t) => taken.has(t))) continue;
      for (const t of times) taken.set(t, { base: at, kind: 'interval' });
      return d;
    }
    return 0;
  }

  const log = (text) => `log('${text}');`;
  const indent = (lines) => lines.map((line) => `  ${line}`);

  // Callback body: a log line, then up to `width` nested actions.
  function body(label, depth, isAsync, at) {
    const lines = [log(label)];
    if (depth >= MAX_DEPTH) return lines;
    for (let i = r.int(0, depth === 0 ? 2 : 1); i > 0; i--) {
      if (isAsync && r.chance(0.4)) {
        const what = r.int(0, 2);
        if (what === 0) lines.push('await scheduler.yield();', log(`${label} after yield`));
        else if (what === 1) lines.push('await null;', log(`${label} after await`));
        else {
          const inner = postTask(depth + 1, at, false);
          lines.push(`await ${inner.call}.catch((e) => log('${label} awaited rejection ' + e.name));`);
          lines.push(log(`${label} after awaiting ${inner.label}`));
        }
      } else {
        lines.push(...action(depth + 1, at));
      }
    }
    return lines;
  }

  const fn = (label, depth, at, isAsync = false) => [
    `${isAsync ? 'async ' : ''}() => {`,
    ...indent(body(label, depth, isAsync, at)),
    '}',
  ];

  // `head` + callback lines + `tail`, joined so the callback's braces wrap.
  const wrap = (head, callback, tail) => {
    const [first, ...rest] = callback;
    const last = rest.pop();
    return [`${head}${first}`, ...rest, `${last}${tail}`];
  };

  function controller() {
    if (controllers.length === 0 || (controllers.length < 3 && r.chance(0.3))) {
      const name = `c${controllers.length}`;
      controllers.push({ name, priority: r.pick(PRIORITIES) });
    }
    return r.pick(controllers);
  }

  function signalExpression() {
    const kind = r.int(0, 9);
    if (kind < 5) return null;
    if (kind < 8) return `${controller().name}.signal`;
    const a = controller();
    const b = controller();
    const sources = a === b ? [`${a.name}.signal`] : [`${a.name}.signal`, `${b.name}.signal`];
    const priority = r.chance(0.5) ? `${controller().name}.signal` : `'${r.pick(PRIORITIES)}'`;
    return `TaskSignal.any([${sources.join(', ')}], { priority: ${priority} })`;
  }

  // A postTask call set at nominal time `at` as { call: code of the promise, label, lines }; with a
  // delay only when `delayed`.
  function postTask(depth, at, delayed = true) {
    const label = nextLabel('task');
    const isAsync = r.chance(0.4);
    const options = [];
    if (r.chance(0.7)) options.push(`priority: '${r.pick(PRIORITIES)}'`);
    const signal = signalExpression();
    if (signal) options.push(`signal: ${signal}`);
    let runsAt = at;
    if (delayed && r.chance(0.2)) {
      const d = delayAt(at, 'task');
      options.push(`delay: ${d}`);
      runsAt += d;
    }
    const callback = fn(label, depth, runsAt, isAsync);
    if (r.chance(0.15)) callback.splice(-1, 0, `  throw new Error('${label} threw');`);
    else if (r.chance(0.5)) callback.splice(-1, 0, `  return '${label} value';`);
    const args = options.length ? `, { ${options.join(', ')} }` : '';
    const lines = wrap('scheduler.postTask(', callback, `${args})`);
    return { call: lines.join('\n'), label, lines };
  }

  const settle = (label) =>
    `.then((v) => log('${label} resolved ' + v), (e) => log('${label} rejected ' + (e.name === 'Error' ? e.message : e.name)));`;

  // An action set at nominal time `at`.
  function action(depth, at) {
    const kinds = [
      'post', 'post', 'post', 'microtask', 'then', 'thenable', 'timeout', 'timeout', 'chain',
      'interval', 'clear', 'message', 'idle', 'abortTimeout', 'setPriority', 'abort', 'dispatch',
      'throw', 'reject', 'yieldHere',
    ];
    const notInWebShape = ['post', 'idle', 'setPriority', 'abort', 'yieldHere', 'message'];
    switch (r.pick(web ? kinds.filter((k) => !notInWebShape.includes(k)) : kinds)) {
      case 'post': {
        const task = postTask(depth, at);
        const lines = task.lines;
        lines[lines.length - 1] += settle(task.label);
        return lines;
      }
      case 'microtask': {
        const label = nextLabel('micro');
        return wrap('queueMicrotask(', fn(label, depth, at), ');');
      }
      case 'then': {
        const label = nextLabel('then');
        const steps = r.int(0, 2);
        const lines = ['Promise.resolve()'];
        for (let s = 1; s <= steps; s++) lines.push(`  .then(() => ${log(`${label} step ${s}`).slice(0, -1)})`);
        return [...lines, ...wrap('  .then(', fn(label, depth, at), ');')];
      }
      case 'thenable': {
        const label = nextLabel('thenable');
        return [
          `Promise.resolve({ then(resolve) { ${log(`${label} then called`)} resolve('${label}'); } })`,
          ...wrap('  .then(', fn(label, depth, at), ');'),
        ];
      }
      case 'timeout': {
        const label = nextLabel('timer');
        usesTimers = true;
        const d = delayAt(at, 'timeout');
        if (d === 0) zeroTimer(at);
        return wrap('setTimeout(', fn(label, depth, at + d), `, ${d});`);
      }
      case 'chain': {
        const label = nextLabel('chain');
        usesTimers = true;
        const hops = r.int(2, CHAIN_MAX);
        const viaMicrotask = r.chance(0.3);
        zeroTimer(at);
        const next = viaMicrotask
          ? `Promise.resolve().then(() => setTimeout(${label}, 0, i + 1))`
          : `setTimeout(${label}, 0, i + 1)`;
        return [
          `function ${label}(i) {`,
          `  log('${label} hop ' + i);`,
          `  if (i < ${hops}) ${next};`,
          '}',
          `setTimeout(${label}, 0, 1);`,
        ];
      }
      case 'interval': {
        const label = nextLabel('interval');
        usesTimers = true;
        const runs = r.int(1, 3);
        const d = r.chance(0.5) ? periodAt(at, runs) : 0;
        if (d === 0) {
          zeroTimer(at);
          if (runs > 1) repeatingZeroIntervals.add(at);
        }
        return [
          `{`,
          `  let n = 0;`,
          `  const id = setInterval(() => {`,
          `    log('${label} run ' + ++n);`,
          `    if (n === ${runs}) clearInterval(id);`,
          `  }, ${d});`,
          `}`,
        ];
      }
      case 'clear': {
        const label = nextLabel('cleared');
        usesTimers = true;
        const how = r.int(0, 2);
        const lines = [`{`, `  const id = setTimeout(() => ${log(`${label} ran`).slice(0, -1)}, ${r.pick(DELAYS)});`];
        if (how === 0) lines.push('  clearTimeout(id);');
        else if (how === 1) lines.push('  queueMicrotask(() => clearTimeout(id));');
        else lines.push('  clearInterval(id);');
        lines.push(`  ${log(`${label} set and cleared`)}`, '}');
        return lines;
      }
      case 'message': {
        const label = nextLabel('message');
        channel = true;
        const from = r.int(0, 2);
        const send = `port.postMessage('${label}')`;
        const lines = wrap(`handlers.${label} = `, fn(label, depth, at), ';');
        if (from === 0) lines.push(`${send};`);
        else if (from === 1) lines.push(`queueMicrotask(() => ${send});`);
        else lines.push(`Promise.resolve().then(() => ${send});`);
        return lines;
      }
      case 'idle': {
        const label = nextLabel('idle');
        usesIdle = true;
        return wrap('requestIdleCallback(', fn(label, depth, at), ');');
      }
      case 'abortTimeout': {
        const label = nextLabel('timeoutSignal');
        usesTimers = true;
        const d = delayAt(at, 'abortTimeout');
        if (d === 0) zeroTimer(at);
        const lines = [`{`, `  const signal = AbortSignal.timeout(${d});`];
        lines.push(...indent(wrap(`signal.addEventListener('abort', `, fn(label, depth, at + d), ');')));
        if (!web && r.chance(0.5)) {
          const task = postTask(depth, at, false);
          // Re-use the signal for a task: it rejects with the TimeoutError when the timer fires.
          const call = task.lines.map((line) => line);
          call[call.length - 1] = call[call.length - 1].replace(/\)$/, '').replace(/, \{ .*\}$/, '') +
            `, { signal })${settle(task.label)}`;
          lines.push(...indent(call));
        }
        lines.push('}');
        return lines;
      }
      case 'setPriority': {
        const c = controller();
        return [`${c.name}.setPriority('${r.pick(PRIORITIES)}');`, log(`${c.name} setPriority returned`)];
      }
      case 'abort': {
        const c = controller();
        return [`${c.name}.abort();`, log(`${c.name} abort returned`)];
      }
      case 'dispatch': {
        const label = nextLabel('event');
        target = true;
        const lines = [`{`, `  const listeners = [];`];
        for (let i = 1, n = r.int(1, 2); i <= n; i++) {
          const callback = fn(`${label} listener ${i}`, depth, at);
          if (r.chance(0.2)) callback.splice(-1, 0, `  throw new Error('${label} listener ${i} threw');`);
          lines.push(...indent(wrap(`target.addEventListener('${label}', `, callback, ');')));
        }
        lines.push(`  target.dispatchEvent(new Event('${label}'));`, `  ${log(`${label} dispatched`)}`, '}');
        return lines;
      }
      case 'throw': {
        const label = nextLabel('throw');
        usesTimers = true;
        const callback = fn(label, depth, at);
        callback.splice(-1, 0, `  throw new Error('${label} threw');`);
        if (!r.chance(0.5)) return wrap('queueMicrotask(', callback, ');');
        zeroTimer(at);
        return wrap('setTimeout(', callback, ', 0);');
      }
      case 'reject': {
        const label = nextLabel('rejected');
        const lines = [`{`, `  const p = Promise.reject(new Error('${label}'));`];
        const when = r.int(0, web ? 2 : 3);
        if (when === 1) {
          lines.push(`  queueMicrotask(() => p.catch(() => ${log(`${label} handled in a microtask`).slice(0, -1)}));`);
        } else if (when === 2) {
          usesTimers = true;
          const d = delayAt(at, 'handler');
          if (d === 0) zeroTimer(at);
          lines.push(`  setTimeout(() => p.catch(() => ${log(`${label} handled by a timer`).slice(0, -1)}), ${d});`);
        } else if (when === 3) {
          lines.push(`  scheduler.postTask(() => p.catch(() => ${log(`${label} handled by a task`).slice(0, -1)}), { priority: '${r.pick(PRIORITIES)}' });`);
        }
        lines.push('}');
        return lines;
      }
      case 'yieldHere': {
        const label = nextLabel('yielder');
        const lines = wrap('(', fn(label, depth, at, true), ')();');
        return ['scheduler.postTask(async () => {', `  await scheduler.yield();`, ...indent(lines), '});'];
      }
    }
    throw new Error('unreachable');
  }

  const main = [];
  for (let i = r.int(2, 4); i > 0; i--) main.push(...action(0, 0));
  // Idle callbacks run only when nothing else is due; a program with timers in the future could see
  // an idle period start between them, or not, depending on how long the work took. So an idle
  // program has no delays at all, and its other work ends before the first idle period.
  if (usesIdle && usesTimers) return null;
  if (web && [...repeatingZeroIntervals].some((at) => zeroTimers.get(at) > 1)) return null;

  out.push(web
    ? `// Generated by tools/differential/generate.mjs --shape web from seed ${seed}; recorded in Firefox and WebKit.`
    : `// Generated by tools/differential/generate.mjs --shape mixed from seed ${seed}; recorded in Chromium.`);
  out.push('const log_ = [];', 'const log = (line) => log_.push(line);');
  out.push("addEventListener('error', (e) => { log('error event: ' + e.error.message); e.preventDefault(); });");
  out.push("addEventListener('unhandledrejection', (e) => { log('unhandledrejection: ' + (e.reason.name === 'Error' ? e.reason.message : e.reason.name)); e.preventDefault(); });");
  out.push("addEventListener('rejectionhandled', (e) => log('rejectionhandled: ' + (e.reason.name === 'Error' ? e.reason.message : e.reason.name)));");
  for (const c of controllers) {
    out.push(`const ${c.name} = new TaskController({ priority: '${c.priority}' });`);
    out.push(`${c.name}.signal.addEventListener('prioritychange', (e) => log('${c.name} prioritychange ' + e.previousPriority + ' -> ' + ${c.name}.signal.priority));`);
    out.push(`${c.name}.signal.addEventListener('abort', () => log('${c.name} abort event'));`);
  }
  if (channel) {
    out.push('const handlers = {};', 'const { port1, port2: port } = new MessageChannel();');
    out.push("port1.onmessage = (e) => { handlers[e.data](); };");
  }
  if (target) out.push('const target = new EventTarget();');
  out.push('', ...main, '');
  out.push(`setTimeout(() => console.log([...log_, 'end'].join('\\n')), ${PRINT_AT});`);
  return out.join('\n') + '\n';
}
