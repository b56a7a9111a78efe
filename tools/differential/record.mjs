// Records what a browser prints for each program given on the command line.
//
//   node record.mjs [--browser chromium|firefox|webkit] [--runs N] [--jobs J] PROGRAM.js...
//
// Each program is loaded as a classic script into a fresh page served from a local HTTP server on
// 127.0.0.1, and its console.log output is collected line by line (a message with newlines counts
// as several lines). A program says it has finished by logging the line `end` last. After that line
// the recorder watches the page for QUIET_MS more: any further output, an uncaught exception, a
// console error, or no `end` within LIMIT_MS fails the run.
//
// The browsers (BROWSERS below):
// - chromium: Debian's headless Chromium over Playwright; each run in its own browser context; the
//   console is read over the DevTools protocol. Writes NAME.out beside NAME.js.
// - firefox: Debian's Firefox ESR, headless, over WebDriver BiDi with puppeteer-core; each job has
//   its own Firefox and each run its own browser context there. Writes DIR/firefox/NAME.out, DIR being the program's directory's parent.
// - webkit: WebKitGTK's MiniBrowser under Xvfb, over W3C WebDriver (WebKitWebDriver); each job has
//   its own session and each run navigates to a new document. Writes DIR/webkit/NAME.out. WebKitGTK
//   has no Prioritized Task Scheduling API and requestIdleCallback is off by default, so a program
//   whose text names `scheduler`, `TaskController`, `TaskSignal` or `requestIdleCallback` is
//   skipped (reported as `skip`, not a failure).
// Firefox and WebKit read the console inside the page: the page's first script (CAPTURE) replaces
// console.log and console.error and keeps the global `error` and `unhandledrejection` events, and
// once the program has printed `end` (and QUIET_MS have passed) hands the lines, and every event
// that no listener cancelled, to the recorder. It queues no task or microtask before `end`, so it
// cannot change the order of the program's own.
//
// A program NAME.js with a file NAME.input.json beside it gets that input (the format of
// `taskhost run --input`): Chromium only, over the DevTools protocol's Input domain (trusted input,
// as a user's). `at` counts from the start of the program's script, which the page announces
// with a console.debug message (the recorder reads the console over the protocol even while the
// page is busy); each action is sent at its time without waiting for the page, so input that
// happens during a long task waits in the browser's input queue, as a user's would. `x` and `y`
// are the point in the viewport the action aims at (the program places its targets there with a
// style attribute); `target` is for taskhost.
//
// Each program runs N times (default 5), one run after another; J programs (default 1) are recorded
// at once. Only when every run succeeded and all printed the same lines is the recording written
// (the lines, each ending in a newline); otherwise the program is reported as unstable or failing and
// nothing is written. The first line printed is the browser's name and version; for Firefox and WebKit
// it is also written to DIR/BROWSER/VERSION, and recording refuses to mix versions: a different
// version must re-record everything (delete the directory first). The exit status is 1 if any
// program was unstable or failed.

import { createServer } from 'node:http';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const END = 'end';
// What the page says on the console when the program's script starts (programs with input).
const START = 'taskhost-differential: start';
const QUIET_MS = 300;
const LIMIT_MS = 10_000;

const args = process.argv.slice(2);
let runs = 5;
let jobs = 1;
let browserName = 'chromium';
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--jobs') jobs = Number(args[++i]);
  else if (args[i] === '--browser') browserName = args[++i];
  else files.push(args[i]);
}

// What a browser that lacks the Prioritized Task Scheduling API and requestIdleCallback cannot run.
const SCHEDULER_API = /\b(scheduler|TaskController|TaskSignal|requestIdleCallback)\b/;

// The page's first script for the in-page console (see the header).
const CAPTURE = `(() => {
  const lines = [];
  const errors = [];
  const events = [];
  let ended = false;
  let finish;
  const finished = new Promise((resolve) => { finish = resolve; });
  const text = (values) => values.map((v) => String(v)).join(' ');
  console.log = (...values) => {
    const message = text(values);
    if (ended) { errors.push("printed after '${END}': " + message); return; }
    lines.push(...message.split('\\n'));
    if (lines[lines.length - 1] === '${END}') { ended = true; setTimeout(finish, ${QUIET_MS}); }
  };
  console.error = (...values) => { errors.push('console error: ' + text(values)); };
  addEventListener('error', (e) => { events.push(e); });
  addEventListener('unhandledrejection', (e) => { events.push(e); });
  const describe = (e) => e.type === 'error'
    ? 'uncaught: ' + (e.error && e.error.message !== undefined ? e.error.message : e.message)
    : 'unhandled rejection: ' + String(e.reason && e.reason.message !== undefined ? e.reason.message : e.reason);
  window.__recording = finished.then(() => ({
    lines,
    errors: [...errors, ...events.filter((e) => !e.defaultPrevented).map(describe)],
  }));
})();`;

// The DevTools protocol's events for one action of an input file: [delay (ms after the action's
// time), method, parameters].
const BUTTONS = ['left', 'middle', 'right', 'back', 'forward'];
const KEY_CODES = { Enter: 13, Escape: 27, Tab: 9, Backspace: 8, ' ': 32 };
function protocolEvents(action) {
  const x = action.x ?? 0;
  const y = action.y ?? 0;
  const hold = action.hold ?? 0;
  const modifiers = (action.altKey ? 1 : 0) | (action.ctrlKey ? 2 : 0) | (action.metaKey ? 4 : 0) |
    (action.shiftKey ? 8 : 0);
  const mouse = (type, button) => ['Input.dispatchMouseEvent',
    { type, x, y, modifiers, button: BUTTONS[button ?? 0], clickCount: 1 }];
  const key = (type) => {
    const k = action.key;
    const printable = [...k].length === 1;
    const code = action.code ?? (printable && /[a-z]/i.test(k) ? `Key${k.toUpperCase()}` : k);
    const keyCode = KEY_CODES[k] ?? (printable ? k.toUpperCase().charCodeAt(0) : 0);
    const text = printable ? k : k === 'Enter' ? '\r' : undefined;
    return ['Input.dispatchKeyEvent', {
      type: type === 'down' ? (text ? 'keyDown' : 'rawKeyDown') : 'keyUp',
      key: k, code, modifiers, windowsVirtualKeyCode: keyCode,
      ...(type === 'down' && text ? { text, unmodifiedText: text } : {}),
    }];
  };
  // A finger (`finger`, 0 by default) touches or lifts: the touch points on the screen after it
  // (one finger at a time: a lift leaves none).
  const touch = (type) => ['Input.dispatchTouchEvent', {
    type, modifiers, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: action.finger ?? 0 }],
  }];
  switch (action.type) {
    case 'tap': return [[0, ...touch('touchStart')], [hold, ...touch('touchEnd')]];
    case 'touchstart': return [[0, ...touch('touchStart')]];
    case 'touchend': return [[0, ...touch('touchEnd')]];
    case 'click': return [[0, ...mouse('mousePressed', action.button)], [hold, ...mouse('mouseReleased', action.button)]];
    case 'pointerdown': return [[0, ...mouse('mousePressed', action.button)]];
    case 'pointerup': return [[0, ...mouse('mouseReleased', action.button)]];
    case 'pointermove': return [[0, ...mouse('mouseMoved')]];
    case 'key': return [[0, ...key('down')], [hold, ...key('up')]];
    case 'keydown': return [[0, ...key('down')]];
    case 'keyup': return [[0, ...key('up')]];
    default: throw new Error(`the recorder cannot replay '${action.type}'`);
  }
}

// Send every action of `input` at its time after now (the program's start), in order, without
// waiting for the page to handle them.
async function replay(cdp, input) {
  const start = performance.now();
  const sends = input.flatMap((action) =>
    protocolEvents(action).map(([delay, method, params]) => [(action.at ?? 0) + delay, method, params]));
  sends.sort((a, b) => a[0] - b[0]);
  // A keydown of a key that is already down is the keyboard's auto-repeat (`repeat` true).
  const down = new Set();
  for (const [, method, params] of sends) {
    if (method !== 'Input.dispatchKeyEvent') continue;
    if (params.type === 'keyUp') down.delete(params.code);
    else if (down.has(params.code)) params.autoRepeat = true;
    else down.add(params.code);
  }
  const pending = [];
  for (const [at, method, params] of sends) {
    const wait = start + at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Caught at once: a page that ended early closes the session under later sends.
    const sent = cdp.send(method, params);
    sent.catch(() => {});
    pending.push(sent);
  }
  await Promise.all(pending);
}

const withLimit = (promise) => {
  let timer;
  const limit = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ error: `no '${END}' line within ${LIMIT_MS} ms` }), LIMIT_MS);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
};

const fromPage = (result) =>
  result.errors.length ? { error: result.errors[0] } : { text: result.lines.map((line) => `${line}\n`).join('') };

// Each browser: how to start it, its version, one run of program number `index` on job `job`'s
// own resources, where its recording of `file` goes, whether it can run `source`.
const BROWSERS = {
  async chromium() {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
    return {
      version: `Chromium ${browser.version()}`,
      capture: false,
      out: (file) => file.replace(/\.m?js$/, '') + '.out',
      async run(url, job, input) {
        // (A program that taps gets a page with a touchscreen, as taskhost's page has.)
        const hasTouch = Boolean(input?.some((a) => ['tap', 'touchstart', 'touchend'].includes(a.type)));
        const context = await browser.newContext({ hasTouch });
        const tab = await context.newPage();
        const cdp = input ? await context.newCDPSession(tab) : null;
        const lines = [];
        let error = null;
        let ended = null;
        const finished = new Promise((resolve) => {
          const fail = (message) => {
            error ??= message;
            resolve();
          };
          tab.on('pageerror', (e) => fail(`uncaught: ${e.message}`));
          tab.on('console', (msg) => {
            if (msg.type() === 'error') return fail(`console error: ${msg.text()}`);
            if (msg.type() === 'debug' && msg.text() === START && cdp) {
              replay(cdp, input).catch((e) => fail(`input: ${e.message}`));
              return;
            }
            if (msg.type() !== 'log') return;
            if (ended) return fail(`printed after '${END}': ${msg.text()}`);
            lines.push(...msg.text().split('\n'));
            if (lines.at(-1) === END) ended = setTimeout(resolve, QUIET_MS);
          });
          setTimeout(() => fail(`no '${END}' line within ${LIMIT_MS} ms`), LIMIT_MS);
        });
        await tab.goto(url);
        await finished;
        clearTimeout(ended);
        await context.close();
        return error ? { error } : { text: lines.map((line) => `${line}\n`).join('') };
      },
      close: () => browser.close(),
    };
  },

  async firefox() {
    const { default: puppeteer } = await import('puppeteer-core');
    // One Firefox per job: two jobs' tabs in one window would leave one of them in the background,
    // where Firefox throttles timers, and the same program would print different orders.
    const launch = () =>
      puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true });
    const browsers = [launch()];
    // "firefox/153.8.0"
    const [, version] = (await (await browsers[0]).version()).split('/');
    return {
      version: `Firefox ${version}`,
      capture: true,
      out: (file) => join(dirname(dirname(file)), 'firefox', basename(file).replace(/\.m?js$/, '') + '.out'),
      async run(url, job) {
        browsers[job] ??= launch();
        const context = await (await browsers[job]).createBrowserContext();
        try {
          const tab = await context.newPage();
          await tab.goto(url);
          return await withLimit(tab.evaluate(() => window.__recording).then(fromPage));
        } finally {
          await context.close();
        }
      },
      async close() {
        for (const browser of browsers) await (await browser).close();
      },
    };
  },

  async webkit() {
    const binary = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
    // A WebKitWebDriver serves one session, so each job starts its own, on a port of its own, under
    // its own Xvfb display (xvfb-run -a picks a free one); the driver launches MiniBrowser there.
    const firstPort = 4444 + Math.floor(Math.random() * 1000) * 8;
    let version = null;
    const spawned = [];
    const start = async (job) => {
      const port = firstPort + job;
      const driver = spawn('xvfb-run', ['-a', '/usr/bin/WebKitWebDriver', `--port=${port}`], {
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
      });
      spawned.push(driver.pid);
      const base = `http://127.0.0.1:${port}`;
      const call = async (method, path, body) => {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = await response.json();
        if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(json.value)}`);
        return json.value;
      };
      for (let tries = 0; ; tries++) {
        try {
          await call('GET', '/status');
          break;
        } catch (e) {
          if (tries > 100) throw e;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const created = await call('POST', '/session', {
        capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary, args: ['--automation'] } } },
      });
      version ??= `WebKitGTK ${created.capabilities.browserVersion}`;
      const session = `/session/${created.sessionId}`;
      await call('POST', `${session}/timeouts`, { script: LIMIT_MS + 5000, pageLoad: LIMIT_MS });
      return { driver, call, session };
    };
    const drivers = [await start(0)];
    // A recording that stops leaves no driver (nor its Xvfb and browser) behind.
    process.on('exit', () => {
      for (const pid of spawned) {
        try {
          process.kill(-pid);
        } catch {
          // already gone
        }
      }
    });
    return {
      get version() {
        return version;
      },
      capture: true,
      skip: (source) => SCHEDULER_API.test(source),
      out: (file) => join(dirname(dirname(file)), 'webkit', basename(file).replace(/\.m?js$/, '') + '.out'),
      async run(url, job) {
        drivers[job] ??= start(job);
        const { call, session } = await drivers[job];
        await call('POST', `${session}/url`, { url });
        const script = 'const done = arguments[arguments.length - 1]; window.__recording.then(done);';
        return withLimit(call('POST', `${session}/execute/async`, { script, args: [] }).then(fromPage));
      },
      async close() {
        for (const started of drivers) {
          const { driver, call, session } = await started;
          await call('DELETE', session).catch(() => {});
          process.kill(-driver.pid);
          spawned.splice(spawned.indexOf(driver.pid), 1);
        }
      },
    };
  },
};

if (files.length === 0 || !(runs >= 1) || !(jobs >= 1) || !(browserName in BROWSERS)) {
  console.error('usage: node record.mjs [--browser chromium|firefox|webkit] [--runs N] [--jobs J] PROGRAM.js...');
  process.exit(2);
}
// Stopped by a signal, the recorder still runs its 'exit' handlers.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const browser = await BROWSERS[browserName]();

// The server serves, for program number I, a page at /I/ whose only script (after CAPTURE, for the
// browsers read in the page) is /I/program.js. Any query string is ignored: each run of the browsers
// that navigate one tab asks for a URL of its own.
const sources = files.map((file) => readFileSync(file, 'utf8'));
const inputFile = (file) => file.replace(/\.m?js$/, '') + '.input.json';
const inputs = files.map((file) => existsSync(inputFile(file)) ? JSON.parse(readFileSync(inputFile(file), 'utf8')) : null);
if (browserName !== 'chromium' && inputs.some(Boolean)) {
  console.error(`input files are replayed in Chromium only: ${files.filter((_, i) => inputs[i]).join(', ')}`);
  process.exit(2);
}
const pageOf = (index) =>
  '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">' +
  (browser.capture ? `<script>${CAPTURE}</script>` : '') +
  // A program with input places its targets in the body, as in taskhost's document.
  (inputs[index] ? '<body>' : '') +
  '<script src="program.js"></script>';
const server = createServer((req, res) => {
  const [, index, rest] = req.url.replace(/\?.*$/, '').match(/^\/(\d+)\/(.*)$/) ?? [];
  const source = sources[Number(index)];
  if (source === undefined || !['', 'program.js'].includes(rest)) {
    res.writeHead(404).end();
    return;
  }
  // A program with input announces its start first thing, on its first line (line numbers stay).
  const program = inputs[Number(index)] ? `console.debug(${JSON.stringify(START)}); ${source}` : source;
  const [type, body] = rest === 'program.js' ? ['text/javascript', program] : ['text/html', pageOf(Number(index))];
  res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

console.log(browser.version);
// The version of the recordings already in a browser's directory must be this one.
const versionFile = browserName === 'chromium' ? null : join(dirname(browser.out(files[0])), 'VERSION');
if (versionFile) {
  mkdirSync(dirname(versionFile), { recursive: true });
  if (existsSync(versionFile) && readFileSync(versionFile, 'utf8').trim() !== browser.version) {
    console.error(`${versionFile} says ${readFileSync(versionFile, 'utf8').trim()}, this is ${browser.version}: ` +
      'recordings of two versions would be mixed');
    await browser.close();
    process.exit(2);
  }
  writeFileSync(versionFile, `${browser.version}\n`);
}

let bad = 0;
let skipped = 0;
let serial = 0;
async function record(index, job) {
  const file = files[index];
  const name = basename(file);
  if (browser.skip?.(sources[index])) {
    skipped++;
    console.log(`skip     ${name}: uses the Prioritized Task Scheduling API or requestIdleCallback`);
    return;
  }
  const results = [];
  for (let i = 0; i < runs; i++) {
    try {
      results.push(await browser.run(`${url}${index}/?run=${++serial}`, job, inputs[index]));
    } catch (e) {
      results.push({ error: `driver: ${e.message}` });
    }
  }
  const failed = results.find((r) => r.error);
  const outcomes = new Set(results.map((r) => r.text));
  if (failed) {
    bad++;
    console.log(`FAIL     ${name}: ${failed.error}`);
  } else if (outcomes.size > 1) {
    bad++;
    const [a, b] = [...outcomes].map((text) => text.split('\n'));
    const line = a.findIndex((text, i) => text !== b[i]);
    console.log(`UNSTABLE ${name}: ${outcomes.size} different outputs in ${runs} runs; ` +
      `line ${line + 1} is '${a[line]}' in one, '${b[line]}' in another`);
  } else {
    const out = browser.out(file);
    mkdirSync(dirname(out), { recursive: true });
    const [text] = outcomes;
    const verb = !existsSync(out) ? 'new' : readFileSync(out, 'utf8') === text ? 'same' : 'changed';
    writeFileSync(out, text);
    console.log(`ok       ${name} (${verb})`);
  }
}

let next = 0;
const worker = async (job) => {
  while (next < files.length) await record(next++, job);
};
await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, (_, job) => worker(job)));

await browser.close();
server.close();
console.log(`${files.length - bad - skipped} recorded, ${bad} unstable or failing, ${skipped} skipped`);
process.exit(bad ? 1 : 0);
