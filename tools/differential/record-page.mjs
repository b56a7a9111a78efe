// Print what headless Chromium logs for one page of js-tests/ (an .html page, or a .js script run
// in a blank page), to compare with the page's .out file. A page drives input through
// `window.playwrightClick(id)`, `window.playwrightKey(id, key)` and `window.playwrightTap(id)`
// where taskhost's run has `taskhost.input`: a trusted click by playwright's mouse at the
// element, a key press by its keyboard (to the focused element), a tap by its touchscreen (a
// page that taps runs in a context with a touchscreen, as taskhost's page has). The page is done when it logs `end` (10 s at most; a .js
// script, after 200 ms).
//
//   node record-page.mjs ../../js-tests/html/form_controls.html | diff - ../../js-tests/html/form_controls.out
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { chromium } from 'playwright-core';

const file = process.argv[2];
if (!file) {
  console.error('usage: node record-page.mjs PAGE.html|SCRIPT.js');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const page_html = file.endsWith('.js') ? '<!DOCTYPE html><html><head></head><body></body></html>' : text;
const server = http
  .createServer((_, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(page_html);
  })
  .listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
try {
  const page = await browser.newPage({ hasTouch: text.includes('playwrightTap') });
  const lines = [];
  page.on('console', (m) => lines.push(m.text()));
  page.on('pageerror', (e) => lines.push(`PAGEERROR ${e.message}`));
  await page.exposeFunction('playwrightClick', (id) => page.click(`#${id}`));
  await page.exposeFunction('playwrightTap', (id) => page.tap(`#${id}`));
  await page.exposeFunction('playwrightKey', (_, key) => page.keyboard.press(key === ' ' ? 'Space' : key));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  if (file.endsWith('.js')) {
    await page.addScriptTag({ content: text });
    await page.waitForTimeout(200);
  } else {
    for (let i = 0; i < 100 && !lines.includes('end'); i++) await page.waitForTimeout(100);
  }
  console.log(lines.join('\n'));
} finally {
  await browser.close();
  server.close();
}
