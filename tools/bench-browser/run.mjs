// Runs the cases of `taskhost bench` in headless Chromium: the same program (src/bench/cases.js and
// src/bench/userland_scheduler.js, unchanged), each repetition of each case in a fresh page of its
// own browser context (so its own renderer process), timed with performance.now() between the
// case's __bench.start() and __bench.stop(ops), as taskhost times it on its engine thread.
//
//   node run.mjs [--repetitions N] [--filter NAME] [--scale X] [--taskhost PATH]
//
// The list of cases, their sizes and rounds come from `taskhost bench --list` (the binary given by
// --taskhost, default ../../target/release/taskhost), so both hosts run the same operations. The
// cases that need a worker script are skipped. Prints one line per case: the median ns/op over
// the repetitions, the fastest and the slowest; `--json` prints them as JSON lines instead.
//
// Chromium's performance.now() is coarsened (to 100 µs in a page that is not cross-origin
// isolated); every case runs for many milliseconds, so this is well under a percent.

import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';

const EXECUTABLE = '/usr/bin/chromium';
const LIMIT_MS = 600_000;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

const args = process.argv.slice(2);
let repetitions = 5;
let filter = null;
let scale = '1';
let json = false;
let taskhost = join(root, 'target', 'release', 'taskhost');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--repetitions') repetitions = Number(args[++i]);
  else if (args[i] === '--filter') filter = args[++i];
  else if (args[i] === '--scale') scale = args[++i];
  else if (args[i] === '--taskhost') taskhost = args[++i];
  else if (args[i] === '--json') json = true;
  else {
    console.error('usage: node run.mjs [--repetitions N] [--filter NAME] [--scale X] [--taskhost PATH] [--json]');
    process.exit(2);
  }
}
if (!(repetitions >= 1)) {
  console.error('--repetitions must be at least 1');
  process.exit(2);
}

const listArgs = ['bench', '--list', '--scale', scale, ...(filter ? ['--filter', filter] : [])];
const cases = execFileSync(taskhost, listArgs, { encoding: 'utf8' })
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line))
  .filter((c) => !c.worker && !c.traced);

const program = [
  readFileSync(join(root, 'src/bench/userland_scheduler.js'), 'utf8'),
  readFileSync(join(root, 'src/bench/cases.js'), 'utf8'),
].join('\n;\n');
// The page's __bench: what taskhost's runner installs, on performance.now().
const shim = `
  globalThis.__bench = {
    start() { this.t0 = performance.now(); },
    stop(ops) { this.result = { ms: performance.now() - this.t0, ops }; },
    fail(message) { this.error ??= String(message); },
  };`;

const page = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="cases.js"></script>';
const server = createServer((req, res) => {
  const [type, body] = req.url === '/cases.js' ? ['text/javascript', shim + program] : ['text/html', page];
  res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({ executablePath: EXECUTABLE, headless: true });
if (!json) console.log(`Chromium ${browser.version()}, ${repetitions} repetitions, scale ${scale}`);

async function runOnce({ function: fn, n, rounds }) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.goto(url);
    await tab.evaluate(([fn, n, rounds]) => runCase(fn, n, rounds), [fn, n, rounds]);
    await tab.waitForFunction(() => __bench.result || __bench.error, null, { timeout: LIMIT_MS, polling: 50 });
    const { result, error } = await tab.evaluate(() => ({ result: __bench.result, error: __bench.error }));
    if (error) throw new Error(error);
    return (result.ms * 1e6) / result.ops;
  } finally {
    await context.close();
  }
}

let failed = false;
for (const c of cases) {
  const samples = [];
  try {
    for (let r = 0; r < repetitions; r++) samples.push(await runOnce(c));
  } catch (e) {
    failed = true;
    console.log(json ? JSON.stringify({ name: c.name, error: e.message }) : `${c.name.padEnd(34)} FAILED: ${e.message}`);
    continue;
  }
  samples.sort((a, b) => a - b);
  const median = samples[samples.length >> 1];
  if (json) {
    console.log(JSON.stringify({ name: c.name, ns_per_op: median, min: samples[0], max: samples.at(-1) }));
  } else {
    const f = (x) => x.toFixed(0).padStart(10);
    console.log(`${c.name.padEnd(34)}${f(median)} ns/op ${f(samples[0])} ${f(samples.at(-1))}`);
  }
}
await browser.close();
server.close();
process.exit(failed ? 1 : 0);
