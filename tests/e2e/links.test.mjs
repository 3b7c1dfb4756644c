// End-to-end: links carry any scenario the page can hold (issue 20). Long
// scenarios are packed (`v=2&z=…`, deflate-raw + base64url) and survive a
// plain reload; `v=1` links still open; every value a link holds that the
// page could not apply is named in the notice and next to its field, in both
// languages; the embed snippet's widget never shows an i18n key.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const ready = (page) => page.waitForSelector('body[data-ready="true"]', { state: 'attached' });

test('a long Regions field makes a packed link that survives a reload and opens in a fresh browser', async () => {
  const { page, problems } = await openPage(session, '/');
  // 600 regions: about 5,000 characters, far past the old 200-character bound of one value.
  const regions = Array.from({ length: 600 }, (_, i) => `region-${i}`).join(', ');
  await page.fill('#c-regions', regions);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('v') === '2');
  const link = new URL(page.url());
  assert.ok(link.searchParams.get('z').length < regions.length, `packed: ${link.search.length} characters`);
  await page.reload();
  await ready(page);
  assert.equal(await page.inputValue('#c-regions'), regions);
  assert.equal(await page.isHidden('#link-notice'), true);
  const fresh = await openPage(session, link.pathname + link.search);
  assert.equal(await fresh.page.inputValue('#c-regions'), regions);
  assert.deepEqual(problems, []);
  // A 311-character field (the issue's case) is a plain `v=1` link.
  const short = await openPage(session, `/?v=1&w.kind=devtest&c.regions=${encodeURIComponent('x'.repeat(311))}`);
  assert.equal(await short.page.inputValue('#c-regions'), 'x'.repeat(311));
  assert.equal(await short.page.isHidden('#link-notice'), true);
});

test('a damaged packed link is announced and not applied', async () => {
  const { page } = await openPage(session, '/?v=2&z=not*base64');
  assert.match(await page.textContent('#link-notice'), /damaged/);
  const bomb = await openPage(session, '/?v=2&z=AAAA');
  assert.match(await bomb.page.textContent('#link-notice'), /damaged/);
});

test('values a link holds that the page cannot apply are named next to their fields, in both languages', async () => {
  const { page } = await openPage(session, '/?v=1&w.kind=finetune&w.model=llama-9000&w.tokens=200M');
  const notice = await page.textContent('#link-notice');
  assert.match(notice, /w\.model=llama-9000/);
  assert.match(notice, /1 value/);
  assert.match(await page.textContent('#w-model-link-note'), /llama-9000/);
  assert.equal(await page.inputValue('#w-tokens'), '200M', 'the rest is applied');
  const kind = await openPage(session, '/?v=1&w.kind=train&w.tokens=1B');
  assert.match(await kind.page.textContent('#link-notice'), /w\.kind=train/);
  assert.match(await kind.page.textContent('#w-kind-link-note'), /w\.kind=train/);
  const zh = await openPage(session, '/?v=1&lang=zh-CN&w.kind=finetune&w.model=llama-9000');
  assert.match(await zh.page.textContent('#link-notice'), /未能应用：w\.model=llama-9000/);
  // A field of another workload and a name the page does not know are named too.
  const other = await openPage(session, '/?v=1&w.kind=devtest&w.desktops=50&w.nonsense=1');
  const text = await other.page.textContent('#link-notice');
  assert.match(text, /w\.desktops=50/);
  assert.match(text, /w\.nonsense=1/);
  // A link of the page's own making names nothing.
  const own = await openPage(session, '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.tokens=200M&w.accelerator=L4');
  assert.equal(await own.page.isHidden('#link-notice'), true);
});

test('the embed snippet\'s widget shows no i18n key, in either language', async () => {
  for (const lang of ['en', 'zh-CN']) {
    const { page } = await openPage(session, `/?v=1&w.kind=render&w.frames=100&w.minutesPerFrame=10&w.referenceAccelerator=L4${lang === 'en' ? '' : `&lang=${lang}`}`);
    await page.click('#embed summary');
    await page.waitForFunction(() => document.querySelector('#embed-code').value !== '');
    const snippet = await page.inputValue('#embed-code');
    const host = await (await session.browser.newContext()).newPage();
    await host.route('**/host.html', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><meta charset="utf-8">${snippet}` }));
    await host.goto(session.url('/host.html'));
    await host.waitForSelector('gpu-plan[data-ready="true"]', { state: 'attached' });
    const shown = await host.evaluate(() => document.querySelector('gpu-plan').shadowRoot?.textContent ?? document.querySelector('gpu-plan').textContent);
    assert.doesNotMatch(shown, /undefined|kind\.|\bnull\b/, `${lang}: ${shown.slice(0, 300)}`);
    // The snippet carries the page's language to the widget.
    assert.match(shown, lang === 'en' ? /Rendering/ : /渲染/, shown.slice(0, 300));
  }
});
