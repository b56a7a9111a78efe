// Records what headless Chromium prints for each program given on the command line.
//
//   node record.mjs [--runs N] PROGRAM.js...
//
// Each program is loaded as a classic script into a fresh page (its own browser context) served from
// a local HTTP server on 127.0.0.1, and its console.log output is collected line by line (a message
// with newlines counts as several lines). A program says it has finished by logging the line `end`
// last. After that line the recorder watches the page for QUIET_MS more: any further output, an
// uncaught exception, a console error, or no `end` within LIMIT_MS fails the run.
//
// Each program runs N times (default 5). Only when every run succeeded and all printed the same lines
// is PROGRAM.out written beside it (the lines, each ending in a newline); otherwise the program is
// reported as unstable or failing and nothing is written. The exit status is 1 if any program was.

import { createServer } from 'node:http';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { basename } from 'node:path';
import { chromium } from 'playwright-core';

const EXECUTABLE = '/usr/bin/chromium';
const END = 'end';
const QUIET_MS = 300;
const LIMIT_MS = 10_000;

const args = process.argv.slice(2);
let runs = 5;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0 || !(runs >= 1)) {
  console.error('usage: node record.mjs [--runs N] PROGRAM.js...');
  process.exit(2);
}

// The server serves one page whose only script is the program currently being run.
let current = '';
const page = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="/program.js"></script>';
const server = createServer((req, res) => {
  const [type, body] = req.url === '/program.js' ? ['text/javascript', current] : ['text/html', page];
  res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({ executablePath: EXECUTABLE, headless: true });
console.log(`Chromium ${browser.version()}`);

// One run: the lines the program printed, or an error message.
async function runOnce() {
  const context = await browser.newContext();
  const tab = await context.newPage();
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
}

let bad = 0;
for (const file of files) {
  const name = basename(file);
  current = readFileSync(file, 'utf8');
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce());
  const failed = results.find((r) => r.error);
  const outcomes = new Set(results.map((r) => r.text));
  if (failed) {
    bad++;
    console.log(`FAIL     ${name}: ${failed.error}`);
  } else if (outcomes.size > 1) {
    bad++;
    console.log(`UNSTABLE ${name}: ${outcomes.size} different outputs in ${runs} runs`);
  } else {
    const out = file.replace(/\.m?js$/, '') + '.out';
    const [text] = outcomes;
    const verb = !existsSync(out) ? 'new' : readFileSync(out, 'utf8') === text ? 'same' : 'changed';
    writeFileSync(out, text);
    console.log(`ok       ${name} (${verb})`);
  }
}

await browser.close();
server.close();
console.log(`${files.length - bad} recorded, ${bad} unstable or failing`);
process.exit(bad ? 1 : 0);
