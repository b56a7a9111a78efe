// Chromium's main-thread cost of taskhost bench's two rendering cases, `frame_loop` and
// `input_burst` (src/bench/cases.js), read from a trace of the page's renderer rather than timed:
// a headless Chromium paces both (rAF runs at the display's 60 Hz, clicks sent over the DevTools
// protocol reach the page a millisecond or more apart), so a wall-clock figure measures the pacing,
// not the work.
//
//   node frames.mjs [--frames N] [--clicks N] [--repetitions R] [--filter frame|input]
//                   [--categories LIST] [--trace-dir DIR] [--json]
//
// frame_loop: a page runs a requestAnimationFrame loop of N frames with the bench case's callback
// (check the timestamp grows, count, request the next frame). input_burst: N clicks (mousePressed
// and mouseReleased, Input.dispatchMouseEvent, all sent at once) on a button with a listener for
// each of pointerdown, mousedown, pointerup, mouseup and click, and a PerformanceObserver for
// 'event' entries. Each repetition runs in a fresh browser context (its own renderer process) and
// is traced on its own; the figures come from the slices of the renderer main thread
// (CrRendererMain) of the page's process, between a performance.mark() before the loop/burst and
// one in its last callback/click listener. Slices are measured in thread time (tdur: the CPU time
// of the thread, so the machine's other load does not count) and in wall time (dur) beside it.
// Every repetition checks that the trace holds what it sums (the frame and click counts, each
// counted slice nested where it is claimed to be, nothing counted twice, no data lost) and fails
// otherwise. Prints the median over the repetitions of each figure, with the fastest and the
// slowest. See README.md, "Frames and input".

import { createServer } from 'node:http';
import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const EXECUTABLE = '/usr/bin/chromium';
// Only what the figures need: each enabled category adds slices, and each slice costs the traced
// thread a timestamp pair (a heavier list, e.g. adding blink,cc,v8, inflates every figure).
//   toplevel: the task slices (ThreadControllerImpl::RunTask, BlinkScheduler_OnTaskCompleted);
//   benchmark: ProxyMain::BeginMainFrame, WidgetBaseInputHandler::OnHandleInputEvent;
//   devtools.timeline: FireAnimationFrame, FunctionCall, EventDispatch;
//   blink.user_timing: the marks that bound the measured window.
const DEFAULT_CATEGORIES = 'toplevel,benchmark,devtools.timeline,blink.user_timing';
// The frame loop's second untraced run requests this many more callbacks a frame.
const EXTRA_CALLBACKS = 100;
const CLICK_TYPES = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'];

const args = process.argv.slice(2);
let frames = 2000;
let clicks = 1000;
let repetitions = 3;
let filter = null;
let categories = DEFAULT_CATEGORIES;
let traceDir = null;
let json = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--frames') frames = Number(args[++i]);
  else if (args[i] === '--clicks') clicks = Number(args[++i]);
  else if (args[i] === '--repetitions') repetitions = Number(args[++i]);
  else if (args[i] === '--filter') filter = args[++i];
  else if (args[i] === '--categories') categories = args[++i];
  else if (args[i] === '--trace-dir') traceDir = args[++i];
  else if (args[i] === '--json') json = true;
  else {
    console.error(
      'usage: node frames.mjs [--frames N] [--clicks N] [--repetitions R] [--filter frame|input] ' +
        '[--categories LIST] [--trace-dir DIR] [--json]',
    );
    process.exit(2);
  }
}
if (!(repetitions >= 1 && frames >= 2 && clicks >= 1)) {
  console.error('--repetitions and --clicks must be at least 1, --frames at least 2');
  process.exit(2);
}
if (traceDir) mkdirSync(traceDir, { recursive: true });

const page =
  '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">' +
  '<button style="position:absolute;left:20px;top:20px;width:120px;height:40px">button</button>';
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(page);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({ executablePath: EXECUTABLE, headless: true });

// Traces fn() in the browser; returns the trace's events.
async function traced(tracing, name, rep, fn) {
  const events = [];
  const collect = (e) => {
    for (const event of e.value) events.push(event);
  };
  tracing.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => tracing.once('Tracing.tracingComplete', resolve));
  await tracing.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: categories.split(',') },
  });
  await fn();
  await tracing.send('Tracing.end');
  const { dataLossOccurred } = await complete;
  tracing.off('Tracing.dataCollected', collect);
  if (dataLossOccurred) throw new Error('the trace buffer overflowed (data loss)');
  if (traceDir && name) writeFileSync(join(traceDir, `${name}-${rep + 1}.json`), JSON.stringify({ traceEvents: events }));
  return events;
}

// A fresh browser context (its own renderer process) on the page, with the page's renderer main
// thread located: the thread that records a performance.mark(), which must be CrRendererMain of a
// process started with --type=renderer.
async function fresh(fn) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.goto(url);
    const session = await context.newCDPSession(tab);
    const tracing = await browser.newBrowserCDPSession();
    const events = await traced(tracing, null, 0, () => tab.evaluate(() => performance.mark('locate')));
    const mark = events.find((e) => e.name === 'locate' && e.ph !== 'M');
    const name = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === mark.pid && e.tid === mark.tid);
    check(name?.args?.name === 'CrRendererMain', `the page's mark is on thread ${name?.args?.name}`);
    check(readFileSync(`/proc/${mark.pid}/cmdline`, 'utf8').includes('--type=renderer'), `process ${mark.pid} is not a renderer`);
    return await fn({ tab, session, tracing, main: { pid: mark.pid, tid: mark.tid } });
  } finally {
    await context.close();
  }
}

// The CPU time the thread has run, in ns (/proc/PID/task/TID/schedstat: time on a CPU), read
// without tracing: the whole main thread, tasks and the loop between them.
function threadCpuNs({ pid, tid }) {
  return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
}
async function cpuAround(main, fn) {
  const before = threadCpuNs(main);
  const result = await fn();
  return { ns: threadCpuNs(main) - before, result };
}

// The slices (ph 'X') of the thread that recorded the mark `startMark`, each with its parent (the
// innermost slice enclosing it), and the window [start mark, end mark].
function thread(events, startMark, endMark) {
  const marks = (name) => events.filter((e) => e.name === name && e.cat.includes('blink.user_timing'));
  const [start] = marks(startMark);
  const [end] = marks(endMark);
  if (marks(startMark).length !== 1 || marks(endMark).length !== 1) throw new Error('the window marks are not in the trace once each');
  if (end.pid !== start.pid || end.tid !== start.tid) throw new Error('the window marks are on different threads');
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.tid === start.tid);
  const threadName = names[0]?.args?.name;
  if (threadName !== 'CrRendererMain') throw new Error(`the marks are on thread ${threadName}, not CrRendererMain`);
  const mine = events.filter((e) => e.pid === start.pid && e.tid === start.tid);
  if (mine.some((e) => e.ph === 'B' || e.ph === 'E')) throw new Error('B/E slices on the main thread: not handled');
  const slices = mine.filter((e) => e.ph === 'X').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Nest by time; a slice that starts inside another must end inside it (checked).
  const stack = [];
  for (const s of slices) {
    s.end = s.ts + s.dur;
    while (stack.length && stack.at(-1).end <= s.ts) stack.pop();
    s.parent = stack.at(-1) ?? null;
    // (Timestamps are whole microseconds: a child may end up to 1 µs after its parent.)
    if (s.parent && s.end > s.parent.end + 1) throw new Error(`${s.name} overlaps ${s.parent.name} without nesting in it`);
    stack.push(s);
  }
  const inWindow = (s) => s.ts >= start.ts && s.ts <= end.ts;
  return { slices: slices.filter(inWindow), start: start.ts, end: end.ts, allEvents: mine.filter((e) => e.ts >= start.ts && e.ts <= end.ts).length };
}

const ancestor = (s, pred) => {
  for (let p = s.parent; p; p = p.parent) if (pred(p)) return p;
  return null;
};
const topOf = (s) => ancestor(s, (p) => !p.parent) ?? s;
const enabled = (category) => categories.split(',').includes(category);
// A slice without thread time (Chromium leaves it out of a few slices of a microsecond or two) counts
// its wall time; the notes say how many.
const cpu = (s) => s.tdur ?? s.dur;
const sum = (list, f) => list.reduce((t, s) => t + f(s), 0);
function check(ok, message) {
  if (!ok) throw new Error(message);
}
// A top-level slice's task: the posting site of its ThreadControllerImpl::RunTask, or its name.
function taskKind(s) {
  if (s.name === 'ThreadControllerImpl::RunTask') return s.args?.src_func ?? s.name;
  return s.name;
}
function summarize(top, n) {
  const kinds = new Map();
  for (const s of top) {
    const k = taskKind(s);
    const v = kinds.get(k) ?? { count: 0, tdur: 0 };
    v.count++;
    v.tdur += cpu(s);
    kinds.set(k, v);
  }
  return [...kinds]
    .sort((a, b) => b[1].tdur - a[1].tdur)
    .slice(0, 6)
    .map(([k, v]) => `${k} ×${(v.count / n).toFixed(2)} ${((v.tdur * 1000) / n).toFixed(0)} ns`);
}

// The bench case's frame loop, installed in the page: n frames between the marks TAG-start and
// TAG-end; resolves to the number of frames that ran.
// With extra > 0, each frame also runs that many more (empty) callbacks, each requested by the
// frame's callback: the untraced measure of one more callback.
function installLoop() {
  const empty = () => {};
  globalThis.__loop = (n, tag, extra = 0) =>
    new Promise((resolve, reject) => {
      let frames = 0;
      let last = -1;
      performance.mark(`${tag}-start`);
      const frame = (t) => {
        if (!(t > last)) reject(new Error('frame timestamps grow'));
        last = t;
        if (++frames < n) {
          requestAnimationFrame(frame);
          for (let i = 0; i < extra; i++) requestAnimationFrame(empty);
        } else {
          performance.mark(`${tag}-end`);
          resolve(frames);
        }
      };
      requestAnimationFrame(frame);
    });
}

async function frameLoop(rep) {
  const { untraced, more, tracedCpu, events, result } = await fresh(async ({ tab, tracing, main }) => {
    await tab.evaluate(installLoop);
    await tab.evaluate(() => __loop(100, 'warm'));
    const untraced = await cpuAround(main, () => tab.evaluate((n) => __loop(n, 'plain'), frames));
    check(untraced.result === frames, `${untraced.result} of ${frames} untraced frames ran`);
    const more = await cpuAround(main, () => tab.evaluate(([n, k]) => __loop(n, 'more', k), [frames, EXTRA_CALLBACKS]));
    check(more.result === frames, `${more.result} of ${frames} untraced frames ran`);
    let run;
    const events = await traced(tracing, 'frame_loop', rep, async () => {
      run = await cpuAround(main, () => tab.evaluate((n) => __loop(n, 'frames'), frames));
    });
    return { untraced: untraced.ns, more: more.ns, tracedCpu: run.ns, events, result: run.result };
  });
  check(result === frames, `${result} of ${frames} frames ran`);
  const { slices, start, end, allEvents } = thread(events, 'frames-start', 'frames-end');
  const top = slices.filter((s) => !s.parent);
  const bmf = slices.filter((s) => s.name === 'ProxyMain::BeginMainFrame');
  const faf = slices.filter((s) => s.name === 'FireAnimationFrame');
  const calls = slices.filter((s) => s.name === 'FunctionCall');
  const timeline = enabled('devtools.timeline'); // without it, no FireAnimationFrame/FunctionCall
  check(faf.length === (timeline ? frames : 0), `${faf.length} FireAnimationFrame slices for ${frames} frames`);
  check(calls.length === (timeline ? frames : 0), `${calls.length} FunctionCall slices for ${frames} frames`);
  check(bmf.length === frames, `${bmf.length} BeginMainFrame slices for ${frames} frames`);
  check(faf.every((s) => ancestor(s, (p) => p.name === 'ProxyMain::BeginMainFrame')), 'a FireAnimationFrame outside BeginMainFrame');
  check(faf.every((s) => !ancestor(s, (p) => p.name === 'FireAnimationFrame')), 'nested FireAnimationFrame slices');
  check(calls.every((s) => ancestor(s, (p) => p.name === 'FireAnimationFrame')), 'a FunctionCall outside FireAnimationFrame');
  check(new Set(bmf.map(topOf)).size === frames, 'two BeginMainFrames in one task');
  check(bmf.every((s) => !ancestor(s, (p) => p.name === 'ProxyMain::BeginMainFrame')), 'nested BeginMainFrame slices');
  const per = (list, f) => (sum(list, f) * 1000) / frames; // µs -> ns per frame
  return {
    figures: {
      'rAF callback (JS)': timeline ? per(calls, cpu) : NaN,
      'rAF callback + microtasks': timeline ? per(faf, cpu) : NaN,
      'BeginMainFrame (update the rendering)': per(bmf, cpu),
      'frame task (BeginMainFrame task)': per(bmf.map(topOf), cpu),
      'all main-thread tasks': per(top, cpu),
      'all main-thread tasks, wall': per(top, (s) => s.dur),
      'main thread CPU (schedstat), traced run': tracedCpu / frames,
      'main thread CPU (schedstat), untraced run': untraced / frames,
      'one more rAF callback, untraced (schedstat)': (more - untraced) / ((frames - 1) * EXTRA_CALLBACKS),
    },
    notes: {
      window_ms_per_frame: (end - start) / 1000 / frames,
      tracing_ns_per_event: (tracedCpu - untraced) / allEvents,
      main_thread_events_per_frame: allEvents / frames,
      slices_without_tdur: [...top, ...bmf, ...faf, ...calls].filter((s) => s.tdur === undefined).length,
      tasks_per_frame: top.length / frames,
      tasks: summarize(top, frames),
    },
  };
}

// The listeners of the input case, installed in the page: one for each of the five types on the
// button, counting, and an observer of 'event' entries; __burst(n, tag) marks TAG-start and
// resolves when the n-th click's listener has run (marking TAG-end there) and the two frames
// after it (which present the last events, setting their Event Timing durations) have run.
function installInput(types) {
  const button = document.querySelector('button');
  let target = 0;
  let tag = '';
  let done = null;
  globalThis.__untrusted = 0;
  globalThis.__entries = 0;
  new PerformanceObserver((list) => {
    __entries += list.getEntries().length;
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  for (const type of types) {
    button.addEventListener(type, (event) => {
      if (!event.isTrusted) __untrusted++;
      if (++__counts[type] === target && type === 'click') {
        performance.mark(`${tag}-end`);
        requestAnimationFrame(() => requestAnimationFrame(() => done({ ...__counts })));
      }
    });
  }
  globalThis.__burst = (n, t) => {
    globalThis.__counts = Object.fromEntries(types.map((type) => [type, 0]));
    target = n;
    tag = t;
    performance.mark(`${tag}-start`);
    return new Promise((resolve) => (done = resolve));
  };
}

async function inputBurst(rep) {
  const { untraced, tracedCpu, events, result } = await fresh(async ({ tab, session, tracing, main }) => {
    // (Not Playwright's locators: they add listeners of their own to the page.)
    const { x, y } = await tab.evaluate(() => {
      const box = document.querySelector('button').getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    });
    await tab.evaluate(installInput, CLICK_TYPES);
    const mouse = (type) => session.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons: type === 'mousePressed' ? 1 : 0, clickCount: 1 });
    // n clicks sent at once (not awaited one by one); resolves to the page's counts.
    const burst = async (n, tag) => {
      const counted = tab.evaluate(([n, tag]) => __burst(n, tag), [n, tag]);
      await tab.evaluate(() => 0); // __burst has been called (one evaluation after another)
      const sent = [];
      for (let i = 0; i < n; i++) sent.push(mouse('mousePressed'), mouse('mouseReleased'));
      await Promise.all(sent);
      return counted;
    };
    await burst(50, 'warm');
    const untraced = await cpuAround(main, () => burst(clicks, 'plain'));
    for (const type of CLICK_TYPES) check(untraced.result[type] === clicks, `${untraced.result[type]} of ${clicks} untraced ${type} listeners ran`);
    let run;
    const events = await traced(tracing, 'input_burst', rep, async () => {
      run = await cpuAround(main, () => burst(clicks, 'clicks'));
    });
    const page = await tab.evaluate(() => ({ untrusted: __untrusted, entries: __entries }));
    return { untraced: untraced.ns, tracedCpu: run.ns, events, result: { counts: run.result, ...page } };
  });
  for (const type of CLICK_TYPES) check(result.counts[type] === clicks, `${result.counts[type]} of ${clicks} ${type} listeners ran`);
  check(result.untrusted === 0, `${result.untrusted} untrusted events`);
  const { slices, start, end, allEvents } = thread(events, 'clicks-start', 'clicks-end');
  const top = slices.filter((s) => !s.parent);
  const handlers = slices.filter((s) => s.name === 'WidgetBaseInputHandler::OnHandleInputEvent');
  const downs = handlers.filter((s) => s.args?.event === 'MouseDown');
  const ups = handlers.filter((s) => s.args?.event === 'MouseUp');
  check(downs.length === clicks && ups.length === clicks, `${downs.length} MouseDown and ${ups.length} MouseUp handled for ${clicks} clicks`);
  check(handlers.every((s) => !ancestor(s, (p) => p.name === s.name)), 'nested OnHandleInputEvent slices');
  const dispatches = slices.filter((s) => s.name === 'EventDispatch');
  const five = dispatches.filter((s) => CLICK_TYPES.includes(s.args?.data?.type));
  for (const type of CLICK_TYPES) {
    const count = five.filter((s) => s.args.data.type === type).length;
    check(count === clicks, `${count} ${type} EventDispatch slices for ${clicks} clicks`);
  }
  check(five.every((s) => !ancestor(s, (p) => p.name === 'EventDispatch')), 'an EventDispatch nested in another');
  if (enabled('devtools.timeline')) {
    // Only the case's listener runs: one FunctionCall directly in each counted EventDispatch.
    const listeners = slices.filter((s) => s.name === 'FunctionCall' && five.includes(s.parent));
    check(listeners.length === five.length, `${listeners.length} listener calls in ${five.length} dispatches`);
  }
  check(five.every((s) => ancestor(s, (p) => p.name === 'WidgetBaseInputHandler::OnHandleInputEvent')), 'an EventDispatch outside input handling');
  check(handlers.every((h) => h.parent), 'an input handler outside a task');
  const inputTasks = [...new Set(handlers.map(topOf))];
  const otherTypes = {};
  for (const s of dispatches) if (!CLICK_TYPES.includes(s.args?.data?.type)) otherTypes[s.args?.data?.type] = (otherTypes[s.args?.data?.type] ?? 0) + 1;
  const per = (list, f) => (sum(list, f) * 1000) / clicks;
  return {
    figures: {
      'EventDispatch ×5 (listeners, dispatch)': per(five, cpu),
      'input handling (OnHandleInputEvent ×2)': per(handlers, cpu),
      'input tasks': per(inputTasks, cpu),
      'all main-thread tasks': per(top, cpu),
      'all main-thread tasks, wall': per(top, (s) => s.dur),
      'main thread CPU (schedstat), traced run': tracedCpu / clicks,
      'main thread CPU (schedstat), untraced run': untraced / clicks,
    },
    notes: {
      window_ms_per_click: (end - start) / 1000 / clicks,
      tracing_ns_per_event: (tracedCpu - untraced) / allEvents,
      main_thread_events_per_click: allEvents / clicks,
      slices_without_tdur: [...top, ...handlers, ...five].filter((s) => s.tdur === undefined).length,
      input_tasks_per_click: inputTasks.length / clicks,
      frames_per_click: slices.filter((s) => s.name === 'ProxyMain::BeginMainFrame').length / clicks,
      other_events_dispatched: otherTypes,
      event_timing_entries: result.entries,
      tasks: summarize(top, clicks),
    },
  };
}

const runs = [
  ['frame_loop', frames, 'frame', frameLoop],
  ['input_burst', clicks, 'click', inputBurst],
].filter(([name]) => !filter || name.includes(filter));
if (!json) console.log(`Chromium ${browser.version()}, ${repetitions} repetitions, categories ${categories}`);
let failed = false;
for (const [name, n, unit, run] of runs) {
  const results = [];
  try {
    for (let r = 0; r < repetitions; r++) results.push(await run(r));
  } catch (e) {
    failed = true;
    console.log(json ? JSON.stringify({ name, error: e.message }) : `${name}: FAILED: ${e.message}`);
    continue;
  }
  const figures = {};
  for (const key of Object.keys(results[0].figures)) {
    const samples = results.map((r) => r.figures[key]).sort((a, b) => a - b);
    figures[key] = { median: samples[samples.length >> 1], min: samples[0], max: samples.at(-1) };
  }
  if (json) {
    console.log(JSON.stringify({ name, n, unit, figures, notes: results.map((r) => r.notes) }));
    continue;
  }
  console.log(`\n${name} (${n} ${unit}s; ns per ${unit}, thread time unless marked wall: median, fastest, slowest)`);
  const f = (x) => x.toFixed(0).padStart(9);
  for (const [key, v] of Object.entries(figures)) console.log(`  ${key.padEnd(42)}${f(v.median)}${f(v.min)}${f(v.max)}`);
  for (const [r, { notes }] of results.entries()) {
    const { tasks, ...rest } = notes;
    console.log(`  run ${r + 1}: ${JSON.stringify(rest)}`);
    console.log(`    tasks per ${unit}: ${tasks.join('; ')}`);
  }
}
await browser.close();
server.close();
process.exit(failed ? 1 : 0);
