// The same program runs in taskhost (`taskhost run --virtual-time`) and in Chromium
// (tools/loaf/record.mjs); it prints the structure of the long animation frames of its scenario.
const inTaskhost = typeof taskhost !== "undefined";
const busy = inTaskhost
  ? (ms) => taskhost.clock.busy(ms)
  : (ms) => { const end = performance.now() + ms; while (performance.now() < end); };
function click(element) {
  if (inTaskhost) taskhost.input.click(element, { x: 5, y: 5 });
  else globalThis.loafClick("#" + element.id);
}
const base = (url) => url.slice(url.lastIndexOf("/") + 1);
// 300 ms after the program ran, run `run`, and `wait` ms later print one JSON line per long
// animation frame that started after `run` did (or after `from`), then "end". Frames without a
// script (Chromium has some while synthetic input or the first paint is waited for) are left
// out; with `renderVaries`, whether a frame rendered is too (Chromium's first frames render or
// not depending on when the page's first paint comes).
function scenario(run, wait = 400, from = null, renderVaries = false) {
  setTimeout(() => {
    // The frame starts with this task, a little before `run` is called.
    const start = from ?? performance.now() - 1;
    run();
    setTimeout(() => {
      const frames = [];
      const observer = new PerformanceObserver((list) => frames.push(...list.getEntries()));
      observer.observe({ type: "long-animation-frame", buffered: true });
      setTimeout(() => {
        observer.disconnect();
        for (const frame of frames) {
          if (frame.startTime < start || frame.scripts.length === 0) continue;
          const printed = {
            entryType: frame.entryType,
            name: frame.name,
            render: frame.renderStart > 0,
            styleAndLayout: frame.styleAndLayoutStart > 0,
            blocking: frame.blockingDuration > 0,
            firstUIEvent: frame.firstUIEventTimestamp > 0,
            inTimeline: performance.getEntriesByType("long-animation-frame").includes(frame),
            keys: Object.keys(frame.toJSON()),
            scripts: frame.scripts.map((s) => ({
              name: s.name,
              entryType: s.entryType,
              invokerType: s.invokerType,
              invoker: s.invokerType.endsWith("-script") ? base(s.invoker) : s.invoker,
              sourceURL: base(s.sourceURL),
              sourceFunctionName: s.sourceFunctionName,
              windowAttribution: s.windowAttribution,
              window: s.window === window,
              executionStart: s.executionStart >= s.startTime,
              sourceCharPosition: s.sourceCharPosition >= 0,
              pauseDuration: s.pauseDuration,
              forcedStyleAndLayoutDuration: s.forcedStyleAndLayoutDuration,
              keys: Object.keys(s.toJSON()),
            })),
          };
          if (renderVaries) {
            delete printed.render;
            delete printed.styleAndLayout;
            printed.keys = printed.keys.filter((k) => k !== "paintTime" && k !== "presentationTime");
          }
          console.log(JSON.stringify(printed));
        }
        console.log("end");
      }, 100);
    }, wait);
  }, 300);
}

// A scheduler.postTask callback of 80 ms, and a 20 ms one (a script, not a long frame).
scenario(() => {
  scheduler.postTask(function longTask() { busy(80); });
  setTimeout(() => scheduler.postTask(function shortTask() { busy(20); }), 150);
});
