// Records what headless Chromium prints for each program given on the command line.
//
//   node record.mjs [--runs N] [--jobs J] PROGRAM.js...
//
// Each program is loaded as a classic script into a fresh page (its own browser context) served from
// a local HTTP server on 127.0.0.1, and its console.log output is collected line by line (a message
// with newlines counts as several lines). A program says it has finished by logging the line `end`
// last. After that line the recorder watches the page for QUIET_MS more: any further output, an
// uncaught exception, a console error, or no `end` within LIMIT_MS fails the run.
//
// Each program runs N times (default 5), one run after another; J programs (default 1) are recorded
// at once, each in its own pages. Only when every run succeeded and all printed the same lines
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
let jobs = 1;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--jobs') jobs = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0 || !(runs >= 1) || !(jobs >= 1)) {
  console.error('usage: node record.mjs [--runs N] [--jobs J] PROGRAM.js...');
  process.exit(2);
}

// The server serves, for program number I, a page at /I/ whose only script is /I/program.js.
const sources = files.map((file) => readFileSync(file, 'utf8'));
const page = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="program.js"></script>';
const server = createServer((req, res) => {
  const [, index, rest] = req.url.match(/^\/(\d+)\/(.*)$/) ?? [];
  const source = sources[Number(index)];
  if (source === undefined || !['', 'program.js'].includes(rest)) {
    res.writeHead(404).end();
    return;
  }
  const [type, body] = rest === 'program.js' ? ['text/javascript', source] : ['text/html', page];
  res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({ executablePath: EXECUTABLE, headless: true });
console.log(`Chromium ${browser.version()}`);

// One run: the lines the program printed, or an error message.
async function runOnce(index) {
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
  await tab.goto(`${url}${index}/`);
  await finished;
  clearTimeout(ended);
  await context.close();
  return error ? { error } : { text: lines.map((line) => `${line}\n`).join('') };
}

let bad = 0;
async function record(index) {
  const file = files[index];
  const name = basename(file);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(index));
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
    const out = file.replace(/\.m?js$/, '') + '.out';
    const [text] = outcomes;
    const verb = !existsSync(out) ? 'new' : readFileSync(out, 'utf8') === text ? 'same' : 'changed';
    writeFileSync(out, text);
    console.log(`ok       ${name} (${verb})`);
  }
}

let next = 0;
const worker = async () => {
  while (next < files.length) await record(next++);
};
await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));

await browser.close();
server.close();
console.log(`${files.length - bad} recorded, ${bad} unstable or failing`);
process.exit(bad ? 1 : 0);
