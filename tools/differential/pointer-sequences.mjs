// Records the events headless Chromium fires for a sequence of mouse and keyboard input (with
// playwright's mouse and keyboard, which give trusted input), in the lines
// js-tests/rendering/pointer_sequences.js prints for the same input given with taskhost.input;
// its expected output is this recording:
//
//   node pointer-sequences.mjs > ../../js-tests/rendering/pointer_sequences.out
//
// The second click is sent with clickCount 2, as ChromeDriver does for a second press of the
// same button within its double-click time (playwright counts nothing itself).
import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
const page = await browser.newPage();
await page.setContent(`<body style="margin:0"><div id=outer style="position:absolute;left:0;top:0;width:400px;height:400px"><div id=a style="position:absolute;left:50px;top:50px;width:100px;height:100px"></div><div id=b tabindex=0 style="position:absolute;left:200px;top:50px;width:100px;height:100px"></div></div></body>`);
await page.evaluate(() => {
  window.log = [];
  const types = ['pointerover','pointerenter','pointerout','pointerleave','pointermove','pointerdown','pointerup','mouseover','mouseenter','mouseout','mouseleave','mousemove','mousedown','mouseup','click','auxclick','dblclick','contextmenu','keydown','keypress','keyup'];
  for (const t of types) for (const el of [document.getElementById('outer'), document.getElementById('a'), document.getElementById('b'), document.body])
    el.addEventListener(t, e => { if (e.currentTarget === e.target || !e.bubbles) window.log.push(`${e.type}@${e.currentTarget === document.body ? 'BODY' : e.currentTarget.id} d${e.detail} b${e.button}/${e.buttons} ${e.constructor.name}${e.pointerType?' '+e.pointerType:''}${e.key!==undefined?' key='+e.key+' code='+e.code+' kc='+e.keyCode+' cc='+e.charCode:''}`); });
  document.addEventListener('contextmenu', e => e.preventDefault());
  document.getElementById('b').focus();
});
const step = async (name, f) => { await f(); await page.waitForTimeout(50); const l = await page.evaluate(() => window.log.splice(0)); console.log('## ' + name + '\n' + l.join('\n')); };
await step('move into a', () => page.mouse.move(100, 100));
await step('move a->b', () => page.mouse.move(250, 100));
await step('down/up on b', async () => { await page.mouse.down(); await page.mouse.up(); });
await step('second click on b (dbl)', async () => { await page.mouse.down({clickCount:2}); await page.mouse.up({clickCount:2}); });
await step('right click on b', async () => { await page.mouse.down({button:'right'}); await page.mouse.up({button:'right'}); });
await step('middle click on b', async () => { await page.mouse.down({button:'middle'}); await page.mouse.up({button:'middle'}); });
await step('down on b, move to a, up', async () => { await page.waitForTimeout(600); await page.mouse.down(); await page.mouse.move(100,100); await page.mouse.up(); });
await step('up without down', async () => { await page.mouse.up(); });
await step('move to outer only', () => page.mouse.move(10, 10));
await step('press k', () => page.keyboard.press('k'));
await step('press Enter', () => page.keyboard.press('Enter'));
await step('press Space', () => page.keyboard.press(' '));
await step('press Shift+A', () => page.keyboard.press('Shift+A'));
await browser.close();
