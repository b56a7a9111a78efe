// Records what headless Chromium reports as long animation frames for the programs of
// tests/loaf/cases, for tests/loaf.rs to compare with taskhost's entries.
//
//   node tools/loaf/record.mjs [--runs N] [NAME...]
//
// Each program (tests/loaf/cases/NAME.js) is loaded as a classic script into a fresh page served
// from 127.0.0.1, in a browser context of its own. The program prints one JSON line per long
// animation frame of its scenario (only what does not depend on timing: which frames are long,
// which scripts they attribute, invoker strings, which fields are present) and then `end`. A
// program that clicks calls `loafClick(selector)`, which the recorder answers with a trusted
// click of the mouse (Playwright's page.click).
//
// Every program runs N times (default 5). Only when all runs printed the same lines is
// tests/loaf/chromium/NAME.json written: { chromium: version, frames: [ ...lines ] }. The exit
// status is 1 if some program was unstable or failed.
//
// Needs /usr/bin/chromium and playwright-core (tools/differential: `PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
// npm ci`).

import { createServer } from 'node:http';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CASES = join(ROOT, 'tests', 'loaf', 'cases');
const OUT = join(ROOT, 'tests', 'loaf', 'chromium');
const require = createRequire(join(ROOT, 'tools', 'differential', 'package.json'));
const { chromium } = require('playwright-core');

const args = process.argv.slice(2);
let runs = 5;
const names = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else names.push(args[i]);
}
if (names.length === 0) {
  for (const file of readdirSync(CASES).sort()) {
    if (file.endsWith('.js')) names.push(file.slice(0, -3));
  }
}

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  if (url.pathname === '/page.html') {
    const name = url.searchParams.get('case');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><body><script src="/${name}.js"></script></body></html>`);
    return;
  }
  try {
    const body = readFileSync(join(CASES, url.pathname.slice(1)));
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
const version = browser.version();

async function runOnce(name) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const lines = [];
  const errors = [];
  let done;
  const ended = new Promise((resolve) => { done = resolve; });
  page.on('console', (message) => {
    if (message.type() !== 'log') return;
    const text = message.text();
    if (text === 'end') done();
    else lines.push(text);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.exposeFunction('loafClick', (selector) => { page.click(selector); });
  await page.goto(`http://127.0.0.1:${port}/page.html?case=${name}`);
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000));
  const how = await Promise.race([ended, timeout]);
  await context.close();
  if (how === 'timeout') errors.push('no `end` within 10 s');
  return { lines, errors };
}

let failed = false;
for (const name of names) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(name));
  const errors = results.flatMap((r) => r.errors);
  const first = JSON.stringify(results[0].lines);
  const stable = results.every((r) => JSON.stringify(r.lines) === first);
  if (errors.length > 0 || !stable) {
    failed = true;
    console.log(`${name}: ${errors.length > 0 ? 'failed' : 'unstable'}`);
    for (const e of errors) console.log(`  ${e}`);
    if (!stable) for (const r of results) console.log(`  ${r.lines.length} frames: ${r.lines.join(' | ')}`);
    continue;
  }
  const frames = results[0].lines.map((line) => JSON.parse(line));
  writeFileSync(join(OUT, `${name}.json`), JSON.stringify({ chromium: version, frames }, null, 2) + '\n');
  console.log(`${name}: ${frames.length} long frame(s)`);
}
await browser.close();
server.close();
process.exit(failed ? 1 : 0);
