// Runs upstream Web Platform Tests files in headless Chromium and records their results, to set
// beside what `taskhost wpt` gives for the same files (docs/WPT.md's coverage table).
//
//   node run.mjs --wpt-root DIR [--out FILE] PATH...
//
// PATHs are files or directories under DIR. Every testharness.js test among them runs as
// wptserve would serve it: `x.any.js` as the window, dedicated-worker and shared-worker pages
// its `// META: global=` asks for (wrapper pages generated the way wptserve's handlers make
// them), `x.window.js` and `x.worker.js` through their wrappers, `.html` files as they are.
// Files and directories taskhost's runner leaves out are left out here too (resources/,
// support/, -manual, -ref, crash tests, service workers). The report script is this runner's:
// it hands the harness's results to the recorder. Needs /usr/bin/chromium and playwright-core
// (tools/differential/install.sh installs both; here: `npm ci` in this folder).
//
// Output: one line per test URL (`URL STATUS passed/subtests`), totals per directory, and with
// --out a JSON file { url: { status, message, subtests: { name: status } } }.

import { createServer } from 'node:http';
import { readFileSync, writeFileSync, existsSync, statSync, readdirSync } from 'node:fs';
import { join, relative, extname, dirname, basename, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const EXECUTABLE = '/usr/bin/chromium';
const args = process.argv.slice(2);
let root = null;
let out = null;
const paths = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--wpt-root') root = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else paths.push(args[i]);
}
if (!root || paths.length === 0) {
  console.error('usage: node run.mjs --wpt-root DIR [--out FILE] PATH...');
  process.exit(2);
}
root = resolve(root);

const SKIPPED_DIRS = new Set(['resources', 'support', 'tools', 'common', 'crashtests']);
function* walk(path) {
  const stat = statSync(path);
  if (stat.isFile()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (name.startsWith('.') || name.startsWith('_') || SKIPPED_DIRS.has(name)) continue;
    yield* walk(join(path, name));
  }
}

function meta(source) {
  const result = { global: null, scripts: [], title: null, long: false };
  for (const line of source.split('\n')) {
    const m = line.match(/^\/\/ META: (\w+)=(.*)$/);
    if (!m) {
      if (line.trim() && !line.startsWith('//')) break;
      continue;
    }
    const [, key, value] = m;
    if (key === 'global') result.global = value.trim();
    if (key === 'script') result.scripts.push(value.trim());
    if (key === 'title') result.title = value.trim();
    if (key === 'timeout' && value.trim() === 'long') result.long = true;
  }
  return result;
}

// The variants of an .any.js file, as the WPT manifest reads `global=`.
function anyGlobals(spec) {
  const names = new Set();
  for (const item of (spec ?? 'window,dedicatedworker').split(',').map((s) => s.trim())) {
    const remove = item.startsWith('!');
    const name = remove ? item.slice(1) : item;
    const expanded = name === 'worker' ? ['dedicatedworker', 'sharedworker', 'serviceworker'] : [name];
    for (const n of expanded) remove ? names.delete(n) : names.add(n);
  }
  return names;
}

const tests = [];
for (const path of paths) {
  for (const file of walk(path)) {
    const rel = '/' + relative(root, file).split('\\').join('/');
    const name = basename(file);
    if (/-manual\.|-ref\.|-notref\.|\.https\./.test(name) || name.startsWith('serviceworker')) continue;
    if (name.endsWith('.any.js')) {
      const globals = anyGlobals(meta(readFileSync(file, 'utf8')).global);
      const base = rel.slice(0, -'.js'.length);
      if (globals.has('window')) tests.push(`${base}.html`);
      if (globals.has('dedicatedworker')) tests.push(`${base}.worker.html`);
      if (globals.has('sharedworker')) tests.push(`${base}.sharedworker.html`);
    } else if (name.endsWith('.window.js')) {
      tests.push(rel.slice(0, -'.js'.length) + '.html');
    } else if (name.endsWith('.worker.js')) {
      tests.push(rel.slice(0, -'.js'.length) + '.html');
    } else if (/\.html?$/.test(name)) {
      const source = readFileSync(file, 'utf8');
      if (source.includes('/resources/testharness.js') && !source.includes('testdriver')) tests.push(rel);
    }
  }
}

const GLOBAL_WINDOW = 'self.GLOBAL = { isWindow: function() { return true; }, isWorker: function() { return false; }, isShadowRealm: function() { return false; } };';
const GLOBAL_WORKER = 'self.GLOBAL = { isWindow: function() { return false; }, isWorker: function() { return true; }, isShadowRealm: function() { return false; } };';
const REPORT = `
add_completion_callback(function (tests, status) {
  self.__wptResults = {
    status: status.status,
    message: status.message,
    tests: tests.map(function (t) { return { name: t.name, status: t.status, message: t.message }; }),
  };
});`;

function scriptTags(m, testPath) {
  return m.scripts
    .map((s) => `<script src="${s.startsWith('/') ? s : new URL(s, 'http://x' + testPath).pathname}"></script>`)
    .join('\n');
}

// What wptserve's handlers generate for the URL, or null for a plain file.
function generated(url) {
  let m;
  if ((m = url.match(/^(.*)\.any\.(worker|sharedworker)\.html$/))) {
    const ctor = m[2] === 'worker' ? 'Worker' : 'SharedWorker';
    return ['text/html', `<!doctype html><meta charset=utf-8>
<script src="/resources/testharness.js"></script>
<script src="/resources/testharnessreport.js"></script>
<div id=log></div>
<script>fetch_tests_from_worker(new ${ctor}("${basename(m[1])}.any.worker.js"));</script>`];
  }
  if ((m = url.match(/^(.*)\.any\.worker\.js$/))) {
    const source = readFileSync(join(root, m[1] + '.any.js'), 'utf8');
    const md = meta(source);
    const imports = md.scripts.map((s) => `importScripts(${JSON.stringify(s)});`).join('\n');
    const title = md.title ? `self.META_TITLE = ${JSON.stringify(md.title)};` : '';
    return ['text/javascript', `${GLOBAL_WORKER}
importScripts("/resources/testharness.js");
${title}
${imports}
importScripts(${JSON.stringify(basename(m[1]) + '.any.js')});
done();`];
  }
  if ((m = url.match(/^(.*)\.any\.html$/))) {
    const md = meta(readFileSync(join(root, m[1] + '.any.js'), 'utf8'));
    return ['text/html', `<!doctype html><meta charset=utf-8>
${md.title ? `<title>${md.title}</title>` : ''}
<script>${GLOBAL_WINDOW}</script>
<script src="/resources/testharness.js"></script>
<script src="/resources/testharnessreport.js"></script>
${scriptTags(md, m[1] + '.any.js')}
<div id=log></div>
<script src="${basename(m[1])}.any.js"></script>`];
  }
  if ((m = url.match(/^(.*)\.window\.html$/))) {
    const md = meta(readFileSync(join(root, m[1] + '.window.js'), 'utf8'));
    return ['text/html', `<!doctype html><meta charset=utf-8>
${md.title ? `<title>${md.title}</title>` : ''}
<script src="/resources/testharness.js"></script>
<script src="/resources/testharnessreport.js"></script>
${scriptTags(md, m[1] + '.window.js')}
<div id=log></div>
<script src="${basename(m[1])}.window.js"></script>`];
  }
  if ((m = url.match(/^(.*)\.worker\.html$/)) && existsSync(join(root, m[1] + '.worker.js'))) {
    return ['text/html', `<!doctype html><meta charset=utf-8>
<script src="/resources/testharness.js"></script>
<script src="/resources/testharnessreport.js"></script>
<div id=log></div>
<script>fetch_tests_from_worker(new Worker("${basename(m[1])}.worker.js"));</script>`];
  }
  return null;
}

const TYPES = { '.html': 'text/html', '.htm': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.txt': 'text/plain', '.xml': 'text/xml', '.png': 'image/png' };
const server = createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (url === '/resources/testharnessreport.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(REPORT);
    return;
  }
  const made = generated(url);
  if (made) {
    res.writeHead(200, { 'content-type': `${made[0]}; charset=utf-8` }).end(made[1]);
    return;
  }
  const file = join(root, url);
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((resolve) => server.listen(8000, '127.0.0.1', resolve));
const origin = 'http://127.0.0.1:8000';

const HARNESS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];
const SUBTEST = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
const browser = await chromium.launch({ executablePath: EXECUTABLE, headless: true });
const version = browser.version();
console.log(`Chromium ${version}, ${tests.length} test URL(s)`);
const results = {};
for (const test of tests) {
  const context = await browser.newContext();
  const page = await context.newPage();
  let result;
  try {
    await page.goto(origin + test, { timeout: 30_000 });
    await page.waitForFunction(() => self.__wptResults, null, { timeout: 70_000, polling: 100 });
    const raw = await page.evaluate(() => self.__wptResults);
    result = {
      status: HARNESS[raw.status] ?? String(raw.status),
      message: raw.message ?? null,
      subtests: Object.fromEntries(raw.tests.map((t) => [t.name, SUBTEST[t.status] ?? String(t.status)])),
    };
  } catch (error) {
    result = { status: 'TIMEOUT', message: String(error.message).split('\n')[0], subtests: {} };
  }
  await context.close();
  results[test] = result;
  const statuses = Object.values(result.subtests);
  console.log(`${test} ${result.status} ${statuses.filter((s) => s === 'PASS').length}/${statuses.length}`);
}
await browser.close();
server.close();

const byDir = {};
for (const [test, r] of Object.entries(results)) {
  const dir = dirname(test);
  byDir[dir] ??= { files: 0, ok: 0, passed: 0, subtests: 0 };
  const d = byDir[dir];
  const statuses = Object.values(r.subtests);
  d.files += 1;
  d.ok += r.status === 'OK' ? 1 : 0;
  d.passed += statuses.filter((s) => s === 'PASS').length;
  d.subtests += statuses.length;
}
for (const [dir, d] of Object.entries(byDir)) {
  console.log(`${dir}: files OK ${d.ok}/${d.files}, subtests passed ${d.passed}/${d.subtests}`);
}
if (out) writeFileSync(out, JSON.stringify({ chromium: version, results }, null, 1) + '\n');
