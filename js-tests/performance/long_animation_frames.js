// flags: --virtual-time
// explore: skip: which tasks fall into one animation frame depends on which task runs before a rendering task and on skipped rendering opportunities, the user agent's choices that --explore varies.
// Long animation frames under the virtual clock: taskhost.clock.busy(ms) makes tasks, callbacks
// and frames exactly as long as they say, so every time below is exact. A frame starts with its
// first task and ends with that task when nothing needs rendering, or with the rendering when
// something does; it is long beyond 50 ms. blockingDuration sums, over the frame's tasks, the
// part beyond 50 ms (the rendering counts with the longest task); scripts over 5 ms are listed.
const busy = (ms) => taskhost.clock.busy(ms);
const frames = [];
new PerformanceObserver((list) => frames.push(...list.getEntries()))
  .observe({ type: 'long-animation-frame' });

function show(label) {
  console.log(`-- ${label}`);
  for (const f of frames.splice(0)) {
    console.log(`frame ${f.startTime.toFixed(3)} +${f.duration.toFixed(3)} render ${f.renderStart.toFixed(3)} ` +
      `styleAndLayout ${f.styleAndLayoutStart.toFixed(3)} blocking ${f.blockingDuration.toFixed(3)} ` +
      `firstUIEvent ${f.firstUIEventTimestamp}`);
    for (const s of f.scripts) {
      console.log(`  ${s.invokerType} ${s.invoker} ${s.startTime.toFixed(3)} +${s.duration.toFixed(3)} ` +
        `fn '${s.sourceFunctionName}' ${s.windowAttribution} window ${s.window === window}`);
    }
  }
}

const steps = [
  ['one 80 ms timer task', () => setTimeout(function long() { busy(80); })],
  ['a 50 ms task is not long (more than 50 ms is)', () => setTimeout(() => busy(50))],
  ['a 4 ms script in a long frame is not listed, a 6 ms one is', () => {
    requestAnimationFrame(function short() { busy(4); });
    requestAnimationFrame(function six() { busy(6); });
    setTimeout(function first() { busy(45); });
  }],
  ['a 40 ms task and a 40 ms rAF callback: one frame, blocking 30', () => {
    setTimeout(function task() {
      requestAnimationFrame(function frame() { busy(40); });
      busy(40);
    });
  }],
  ['three 30 ms tasks while a frame is wanted: long, not blocking', () => {
    requestAnimationFrame(() => {});
    for (let i = 0; i < 3; i++) setTimeout(function part() { busy(30); });
  }],
  ['three 30 ms tasks with nothing to render: none', () => {
    for (let i = 0; i < 3; i++) setTimeout(function alone() { busy(30); });
  }],
  ['two 60 ms tasks in one frame: blocking 10 + 10', () => {
    requestAnimationFrame(() => {});
    setTimeout(() => busy(60));
    setTimeout(() => busy(60));
  }],
  ['setInterval, postTask, requestIdleCallback, a yield continuation', () => {
    const id = setInterval(function tick() { busy(60); clearInterval(id); });
    scheduler.postTask(function posted() { busy(60); }, { delay: 100 });
    setTimeout(() => requestIdleCallback(function idle() { busy(60); }), 200);
    setTimeout(async () => { await scheduler.yield(); busy(60); }, 300);
  }],
  ['listeners: an element with an id, one without, the document', () => {
    const button = document.createElement('button');
    button.id = 'save';
    const span = document.createElement('span');
    document.body.append(button, span);
    button.addEventListener('click', function onSave() { busy(60); });
    span.addEventListener('click', () => busy(60));
    document.addEventListener('keydown', function onKey() { busy(60); });
    taskhost.input.click(button, { at: performance.now() + 10 });
    taskhost.input.click(span, { at: performance.now() + 100 });
    taskhost.input.key(document.body, 'a', { at: performance.now() + 200 });
  }],
  ['dispatchEvent() in a timer: the listeners and their microtasks are the timer\'s script', () => {
    const target = new EventTarget();
    target.addEventListener('ping', function first() { queueMicrotask(() => busy(30)); busy(30); });
    target.addEventListener('ping', function second() { busy(10); });
    setTimeout(function dispatcher() { target.dispatchEvent(new Event('ping')); });
  }],
  ['a MessagePort event handler (no source location: the handler is not a listener object)', () => {
    const channel = new MessageChannel();
    channel.port2.onmessage = function onPort() { busy(60); };
    channel.port1.postMessage('x');
  }],
];

let i = 0;
function next() {
  if (i > 0) show(steps[i - 1][0]);
  if (i === steps.length) {
    console.log('long-animation-frame supported:',
      PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'));
    console.log('from the timeline:', performance.getEntriesByType('long-animation-frame').length,
      performance.getEntries().filter((e) => e.entryType === 'long-animation-frame').length);
    new PerformanceObserver((list, observer) => {
      observer.disconnect();
      const all = list.getEntries();
      console.log('buffered:', all.length);
      const f = all[0];
      console.log(Object.prototype.toString.call(f), f instanceof PerformanceEntry, f.name, f.entryType);
      console.log('scripts is frozen and the same object:', Object.isFrozen(f.scripts), f.scripts === f.scripts);
      const s = f.scripts[0];
      console.log(Object.prototype.toString.call(s), s.name, s.entryType, s.executionStart === s.startTime,
        s.pauseDuration, s.forcedStyleAndLayoutDuration, s.sourceCharPosition, s.sourceURL.endsWith('long_animation_frames.js'));
      console.log(JSON.stringify(f.toJSON()).replace(s.sourceURL, '(this file)'));
      try {
        PerformanceScriptTiming.prototype.invoker;
      } catch (e) {
        console.log(e.name, e.message);
      }
      console.log(typeof PerformanceLongAnimationFrameTiming, typeof PerformanceScriptTiming);
    }).observe({ type: 'long-animation-frame', buffered: true });
    return;
  }
  steps[i++][1]();
  setTimeout(next, 500);
}
setTimeout(next, 20);
