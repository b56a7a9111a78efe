// Runs upstream Web Platform Tests files in headless Chromium or Firefox and records their results,
// to set beside what `taskhost wpt` gives for the same files (docs/WPT.md, "Upstream beside
// Chromium and Firefox").
//
//   node run.mjs --wpt-root DIR [--browser chromium|firefox] [--out FILE] [--taskhost REPORT] PATH...
//   node run.mjs --wpt-root DIR --from FILE [--from FILE] [--taskhost REPORT [--missing]] PATH...
//
// PATHs are files or directories under DIR. Every testharness.js test among them runs as
// wptserve would serve it: `x.any.js` as the window, dedicated-worker and shared-worker pages
// its `// META: global=` asks for (wrapper pages generated the way wptserve's handlers make
// them, with `timeout=long` as `<meta name="timeout" content="long">`), `x.window.js` and
// `x.worker.js` through their wrappers, `.html`/`.htm`/`.xhtml` files as they are. Files and
// directories taskhost's runner leaves out are left out here too (resources/, support/, -manual,
// -ref, crash tests, service workers), and `.https.` files, as this server speaks only HTTP.
// The report script is this runner's: it hands the harness's results to the recorder.
//
// The browsers (--browser, default chromium), each given one test URL at a time, each URL in a
// fresh browser context:
// - chromium: /usr/bin/chromium, headless, over the DevTools protocol with playwright-core;
// - firefox: /usr/bin/firefox-esr, headless, over WebDriver BiDi with puppeteer-core.
// tools/differential/install.sh installs both browsers; `npm ci` in this folder installs both
// packages (with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1: the runner drives the Debian browsers).
//
// As under wptserve, tests load from http://web-platform.test:8000, and the other hosts of WPT's
// configuration (www.web-platform.test, www1., www2., the IDN ones, not-web-platform.test) and
// port 8001 are the same server, so cross-origin frames work; Chromium resolves those names to
// 127.0.0.1 by its --host-resolver-rules, Firefox to the loopback address by its
// network.dns.localDomains preference (as WPT's own Firefox runner does). Files with `.sub.` in
// their name (or `?pipe=sub`) get wptserve's `{{...}}` substitutions (host, domains, hosts, ports,
// location, GET, uuid); there is no HTTPS, no WebSocket server, no `.py` handler and no
// `.headers` file.
//
// Output: one line per test URL (`URL STATUS passed/subtests`), totals per PATH (a test counts
// under the longest PATH that holds it, so `dir` and `dir/sub` give `dir` without `dir/sub`),
// and with --out a JSON file { chromium | firefox: VERSION, results: { url: { status, message,
// subtests: { name: status }, messages: { name: the browser's message } } } }. --from FILE reads such a file instead of running a browser;
// given more than once (a Chromium and a Firefox recording), the totals are given for each.
// --taskhost REPORT (the JSON of `taskhost wpt --log-wptreport REPORT`) adds, per PATH, what
// taskhost gave for the same test URLs (those some recording has): its passed subtests over the
// subtests it reported, the URLs it skipped, how many of the subtests each browser passes it
// passes too, and, with more than one recording, how many of the subtests some browser passes
// (the union) it passes too. --missing then lists those it does not pass: per test URL, each
// subtest with the browsers that pass it and taskhost's status and message.

import { createServer } from 'node:http';
import { readFileSync, writeFileSync, existsSync, statSync, readdirSync } from 'node:fs';
import { join, relative, extname, basename, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';

const args = process.argv.slice(2);
let root = null;
let out = null;
let browserName = 'chromium';
const from = [];
let taskhost = null;
let missing = false;
const paths = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--wpt-root') root = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else if (args[i] === '--browser') browserName = args[++i];
  else if (args[i] === '--from') from.push(args[++i]);
  else if (args[i] === '--taskhost') taskhost = args[++i];
  else if (args[i] === '--missing') missing = true;
  else paths.push(args[i]);
}
if (!root || paths.length === 0 || !['chromium', 'firefox'].includes(browserName) || (missing && !taskhost)) {
  console.error('usage: node run.mjs --wpt-root DIR [--browser chromium|firefox] [--out FILE | --from FILE...] [--taskhost REPORT [--missing]] PATH...');
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
const seen = new Set();
for (const path of paths) {
  for (const file of walk(path)) {
    if (seen.has(file)) continue;
    seen.add(file);
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
    } else if (/\.(html?|xhtml)$/.test(name)) {
      const source = readFileSync(file, 'utf8');
      if (source.includes('/resources/testharness.js') && !source.includes('testdriver')) tests.push(rel);
    }
  }
}

const GLOBAL_WINDOW = 'self.GLOBAL = { isWindow: function() { return true; }, isWorker: function() { return false; }, isShadowRealm: function() { return false; } };';
const GLOBAL_WORKER = 'self.GLOBAL = { isWindow: function() { return false; }, isWorker: function() { return true; }, isShadowRealm: function() { return false; } };';
const REPORT = `
add_completion_callback(function (tests, status) {
  if (typeof self.__wptReport !== 'function') return;
  self.__wptReport({
    top: window.top === window,
    status: status.status,
    message: status.message,
    tests: tests.map(function (t) { return { name: t.name, status: t.status, message: t.message }; }),
  });
});`;

// The `<meta>`/`<title>` lines wptserve's HtmlWrapperHandler puts in a wrapper page.
function metaTags(m) {
  return [
    m.long ? '<meta name="timeout" content="long">' : '',
    m.title ? `<title>${m.title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>` : '',
  ].filter(Boolean).join('\n');
}

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
    const md = meta(readFileSync(join(root, m[1] + '.any.js'), 'utf8'));
    return ['text/html', `<!doctype html><meta charset=utf-8>
${metaTags(md)}
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
${metaTags(md)}
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
${metaTags(md)}
<script src="/resources/testharness.js"></script>
<script src="/resources/testharnessreport.js"></script>
${scriptTags(md, m[1] + '.window.js')}
<div id=log></div>
<script src="${basename(m[1])}.window.js"></script>`];
  }
  if ((m = url.match(/^(.*)\.worker\.html$/)) && existsSync(join(root, m[1] + '.worker.js'))) {
    const md = meta(readFileSync(join(root, m[1] + '.worker.js'), 'utf8'));
    return ['text/html', `<!doctype html><meta charset=utf-8>
${metaTags(md)}
<script src="/resources/testharness.js"></script>
<script src="/resources/testharnessreport.js"></script>
<div id=log></div>
<script>fetch_tests_from_worker(new Worker("${basename(m[1])}.worker.js"));</script>`];
  }
  return null;
}

const TYPES = { '.html': 'text/html', '.htm': 'text/html', '.xhtml': 'application/xhtml+xml', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.txt': 'text/plain', '.xml': 'text/xml', '.svg': 'image/svg+xml', '.png': 'image/png', '.gif': 'image/gif', '.jpg': 'image/jpeg', '.wasm': 'application/wasm' };

// The hosts and ports of wptserve's default configuration (tools/wptserve/config.default.json).
const HOST = 'web-platform.test';
const ALT_HOST = 'not-web-platform.test';
const SUBDOMAINS = ['www', 'www1', 'www2', '天気の良い日', 'élève'];
const PORTS = { http: [8000, 8001], https: [8443, 8444], ws: [8666], wss: [8667] };
const subdomain = (name, host) => (name ? `${domainToASCII(name + '.' + host)}` : host);
const HOST_NAMES = [HOST, ALT_HOST].flatMap((h) => ['', ...SUBDOMAINS].map((s) => subdomain(s, h)));

// wptserve's `sub` pipe, for the substitutions these tests use; an unknown one is left as it is.
function substitute(text, request) {
  return text.replace(/\{\{([^{}]*)\}\}/g, (whole, expr) => {
    const m = expr.trim().match(/^(\w+)(\(\))?((?:\[[^\]]*\])*)$/);
    if (!m) return whole;
    const keys = [...m[3].matchAll(/\[([^\]]*)\]/g)].map((k) => k[1].replace(/^["']|["']$/g, ''));
    switch (m[1]) {
      case 'host': return HOST;
      case 'domains': return subdomain(keys[0] ?? '', HOST);
      case 'hosts': return subdomain(keys[1] ?? '', keys[0] === 'alt' ? ALT_HOST : HOST);
      case 'ports': return String(PORTS[keys[0]]?.[Number(keys[1])] ?? whole);
      case 'uuid': return randomUUID();
      case 'GET': return request.searchParams.get(keys[0]) ?? '';
      case 'location': {
        const values = {
          scheme: request.protocol.slice(0, -1), host: request.host, hostname: request.hostname,
          port: request.port, path: request.pathname, pathname: request.pathname,
          query: request.search, server: request.origin,
        };
        return values[keys[0]] ?? whole;
      }
      default: return whole;
    }
  });
}

// wptserve's rewrites (tools/serve/serve.py).
const REWRITES = { '/resources/WebIDLParser.js': '/resources/webidl2/lib/webidl2.js' };
function serve(req, res) {
  const request = new URL(req.url, `http://${req.headers.host ?? `${HOST}:${PORTS.http[0]}`}`);
  let url = decodeURIComponent(request.pathname);
  url = REWRITES[url] ?? url;
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
  const pipe = request.searchParams.get('pipe') ?? '';
  if (/\.sub\.[^/]*$/.test(basename(file)) || /(^|\|)sub(\(|\||$)/.test(pipe)) {
    res.end(substitute(readFileSync(file, 'utf8'), request));
  } else {
    res.end(readFileSync(file));
  }
}

const HARNESS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];
const SUBTEST = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
const TITLES = { chromium: 'Chromium', firefox: 'Firefox' };

// The browsers: each starts one and gives its version and open(url, limit, deliver), which loads
// the test URL in a fresh browser context, has deliver(raw) called with what the report script
// hands over from the test's page (its top-level frame), and gives the navigation's promise
// (`loaded`) and a function that closes the context. Nothing polls the page.
const BROWSERS = {
  async chromium() {
    const { chromium } = await import('playwright-core');
    const rules = HOST_NAMES.map((h) => `MAP ${h} 127.0.0.1`).join(', ');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [`--host-resolver-rules=${rules}`] });
    return {
      version: browser.version(),
      async open(url, limit, deliver) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.exposeBinding('__wptReport', (source, raw) => {
          if (source.frame === page.mainFrame()) deliver(raw);
        });
        return { loaded: page.goto(url, { waitUntil: 'commit', timeout: limit }), close: () => context.close() };
      },
      close: () => browser.close(),
    };
  },

  async firefox() {
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: '/usr/bin/firefox-esr',
      protocol: 'webDriverBiDi',
      headless: true,
      extraPrefsFirefox: { 'network.dns.localDomains': HOST_NAMES.join(',') },
    });
    // "firefox/153.8.0esr"
    const [, version] = (await browser.version()).split('/');
    return {
      version,
      async open(url, limit, deliver) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        page.on('dialog', (dialog) => dialog.dismiss().catch(() => {}));
        // The function is there in every frame of the page; only the top-level one's report counts.
        await page.exposeFunction('__wptReport', (raw) => {
          if (raw.top) deliver(raw);
        });
        return { loaded: page.goto(url, { waitUntil: 'domcontentloaded', timeout: limit }), close: () => context.close() };
      },
      close: () => browser.close(),
    };
  },
};

// The recordings: { title, version, results } for each --from FILE, or the one this run makes.
const recordings = [];
for (const file of from) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const name = Object.keys(TITLES).find((b) => b in data);
  const results = Object.fromEntries(tests.filter((t) => t in data.results).map((t) => [t, data.results[t]]));
  recordings.push({ title: TITLES[name], version: data[name], results });
  console.log(`${TITLES[name]} ${data[name]} (recorded in ${file}), ${Object.keys(results).length} of ${tests.length} test URL(s)`);
}
if (from.length === 0) {
  const servers = PORTS.http.map(() => createServer(serve));
  await Promise.all(servers.map((s, i) => new Promise((resolve) => s.listen(PORTS.http[i], '127.0.0.1', resolve))));
  const origin = `http://${HOST}:${PORTS.http[0]}`;
  const browser = await BROWSERS[browserName]();
  const results = {};
  recordings.push({ title: TITLES[browserName], version: browser.version, results });
  console.log(`${TITLES[browserName]} ${browser.version}, ${tests.length} test URL(s)`);
  const started = Date.now();
  for (const test of tests) {
    let deliver;
    const delivered = new Promise((resolve) => { deliver = resolve; });
    // The harness's own limit (10 s, 60 s for timeout=long) and time to report after it.
    const limit = (isLong(test) ? 60_000 : 10_000) + 20_000;
    let timer;
    let result;
    let opened = null;
    try {
      const raw = await Promise.race([
        browser.open(origin + test, limit, deliver).then((o) => { opened = o; return o.loaded.then(() => delivered); }),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no result after ${limit / 1000} s`)), limit); }),
      ]);
      result = {
        status: HARNESS[raw.status] ?? String(raw.status),
        message: raw.message ?? null,
        subtests: Object.fromEntries(raw.tests.map((t) => [t.name, SUBTEST[t.status] ?? String(t.status)])),
        // What the browser said of each subtest it did not pass.
        messages: Object.fromEntries(raw.tests.filter((t) => t.message).map((t) => [t.name, t.message])),
      };
    } catch (error) {
      result = { status: 'TIMEOUT', message: String(error.message).split('\n')[0], subtests: {} };
    }
    clearTimeout(timer);
    opened?.loaded.catch(() => {});
    await opened?.close();
    results[test] = result;
    const statuses = Object.values(result.subtests);
    console.log(`${test} ${result.status} ${statuses.filter((s) => s === 'PASS').length}/${statuses.length}`);
  }
  await browser.close();
  servers.forEach((s) => s.close());
  console.log(`Ran ${tests.length} test URL(s) in ${Math.round((Date.now() - started) / 1000)} s.`);
  if (out) writeFileSync(out, JSON.stringify({ [browserName]: browser.version, results }, null, 1) + '\n');
}

// Whether the test's file asks for 60 s (`// META: timeout=long`, `<meta name=timeout content=long>`).
function isLong(test) {
  const m = test.match(/^(.*?)(\.any)?\.(html|worker\.html|sharedworker\.html)$/);
  for (const file of [test, m && `${m[1]}${m[2] ?? ''}.js`, m && `${m[1]}.worker.js`, m && `${m[1]}.window.js`]) {
    if (!file || !existsSync(join(root, file)) || !statSync(join(root, file)).isFile()) continue;
    const source = readFileSync(join(root, file), 'utf8');
    if (/\.js$/.test(file) ? meta(source).long : /<meta\s+name=["']?timeout["']?\s+content=["']?long/i.test(source)) return true;
  }
  return false;
}

// The PATH a test URL counts under: the longest that holds it.
const ordered = [...new Set(paths.map((p) => '/' + relative(root, resolve(p)).split('\\').join('/')))];
const prefixes = [...ordered].sort((a, b) => b.length - a.length);
const pathOf = (test) => prefixes.find((p) => test === p || test.startsWith(p.endsWith('/') ? p : p + '/') || test.startsWith(p.replace(/\.js$/, '.')));
const passed = (subtests) => Object.values(subtests).filter((s) => s === 'PASS').length;

let report = null;
if (taskhost) {
  report = new Map();
  for (const line of readFileSync(taskhost, 'utf8').split('\n').filter((l) => l.trim())) {
    for (const r of JSON.parse(line).results) {
      report.set(r.test, {
        status: r.status,
        subtests: Object.fromEntries(r.subtests.map((t) => [t.name, { status: t.status, message: t.message ?? null }])),
      });
    }
  }
}
// The test URLs some recording has, in the order of `tests`.
const recorded = tests.filter((t) => recordings.some((r) => t in r.results));
const byPath = {};
const unpassed = [];
for (const test of recorded) {
  const d = (byPath[pathOf(test)] ??= {
    files: 0,
    browsers: recordings.map(() => ({ files: 0, ok: 0, passed: 0, subtests: 0, both: 0 })),
    any: 0,
    t: { ran: 0, skipped: 0, passed: 0, subtests: 0, any: 0 },
  });
  d.files += 1;
  // The subtests some browser passes, with the browsers that pass each.
  const passers = new Map();
  recordings.forEach((recording, i) => {
    const r = recording.results[test];
    if (!r) return;
    const b = d.browsers[i];
    b.files += 1;
    b.ok += r.status === 'OK' ? 1 : 0;
    b.passed += passed(r.subtests);
    b.subtests += Object.keys(r.subtests).length;
    for (const [name, s] of Object.entries(r.subtests)) {
      if (s === 'PASS') passers.set(name, [...(passers.get(name) ?? []), recording.title]);
    }
  });
  d.any += passers.size;
  if (!report) continue;
  const t = report.get(test);
  if (!t || t.status === 'SKIP') {
    d.t.skipped += 1;
    if (passers.size) unpassed.push([test, t ? 'SKIP' : 'not run', [...passers].map(([name, by]) => [name, by, null])]);
    continue;
  }
  d.t.ran += 1;
  d.t.passed += passed(Object.fromEntries(Object.entries(t.subtests).map(([n, s]) => [n, s.status])));
  d.t.subtests += Object.keys(t.subtests).length;
  recordings.forEach((recording, i) => {
    const r = recording.results[test];
    if (!r) return;
    d.browsers[i].both += Object.entries(r.subtests).filter(([name, s]) => s === 'PASS' && t.subtests[name]?.status === 'PASS').length;
  });
  const failing = [...passers].filter(([name]) => t.subtests[name]?.status !== 'PASS');
  d.t.any += passers.size - failing.length;
  if (failing.length) unpassed.push([test, t.status, failing.map(([name, by]) => [name, by, t.subtests[name] ?? null])]);
}
for (const p of ordered) {
  const d = byPath[p];
  if (!d) {
    console.log(`${p}: no test`);
    continue;
  }
  let line = `${p}: ${d.files} test URL(s)`;
  recordings.forEach((recording, i) => {
    const b = d.browsers[i];
    line += `; ${recording.title}: files OK ${b.ok}/${b.files}, subtests passed ${b.passed}/${b.subtests}`;
  });
  if (recordings.length > 1) line += `; passed by some browser ${d.any}`;
  if (report) {
    line += `; taskhost: ran ${d.t.ran} (skipped ${d.t.skipped}), subtests passed ${d.t.passed}/${d.t.subtests}`;
    recordings.forEach((recording, i) => {
      line += `, of the subtests ${recording.title} passes ${d.browsers[i].both}/${d.browsers[i].passed}`;
    });
    if (recordings.length > 1) line += `, of the subtests some browser passes ${d.t.any}/${d.any}`;
  }
  console.log(line);
}
if (missing) {
  console.log(`\nSubtests some browser passes and taskhost does not (${unpassed.reduce((n, [, , s]) => n + s.length, 0)}):`);
  for (const [test, status, subtests] of unpassed) {
    console.log(`${test} (taskhost: ${status})`);
    for (const [name, by, t] of subtests) {
      const what = t ? `${t.status}${t.message ? `: ${t.message.split('\n')[0].slice(0, 200)}` : ''}` : 'not reported';
      console.log(`  [${by.join(', ')}] ${name} -- ${what}`);
    }
  }
}
