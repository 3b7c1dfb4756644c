// End-to-end: what a visitor meets around the answer: the version, a notice
// without JavaScript, an installable manifest, description and link-preview
// tags, and every part of the page inside a landmark (axe `region`).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openPage, startSession } from './browser.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

test('the footer shows the version and the newest price date; meta tags and the manifest are there', async () => {
  const { page, problems } = await openPage(session, '/');
  const version = await page.evaluate(async () => (await import('/pkg/gpuplan.js')).version().version);
  const newest = await page.evaluate(async () => (await import('/pkg/gpuplan.js')).catalogInfo().newestSnapshot);
  assert.equal(await page.textContent('#version'), `gpuplan ${version} · prices up to ${newest}`);
  assert.equal(await page.isVisible('#update-notice'), false, 'no update notice on a first visit');
  const meta = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('meta[name], meta[property]')]
    .map((m) => [m.getAttribute('name') ?? m.getAttribute('property'), m.content])));
  assert.ok(meta.description.length > 50 && meta['og:title'] && meta['og:description'] && meta['theme-color'], JSON.stringify(meta));
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel="manifest"]').href)).json());
  assert.equal(manifest.short_name, 'gpuplan');
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.icons.length > 0 && manifest.start_url);
  // Chinese too.
  await page.click('[data-lang="zh-CN"]');
  assert.equal(await page.textContent('#version'), `gpuplan ${version} · 价格截至 ${newest}`);
  assert.deepEqual(problems, []);
});

test('with JavaScript off the page says it needs it, in both languages', async () => {
  const context = await session.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(session.url('/'));
  const text = await page.textContent('body');
  assert.match(text, /needs JavaScript/);
  assert.match(text, /需要启用 JavaScript/);
  await context.close();
});

test('every part of the page is inside a landmark (axe region), the stale-price banner included', async () => {
  const { page } = await openPage(session, '/');
  assert.equal(await page.isVisible('#catalog-age-warning'), true);
  await page.evaluate(AXE);
  const result = await page.evaluate(() => globalThis.axe.run(document, { runOnly: ['region'] }));
  assert.deepEqual(result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))), []);
});

test('Share copies the scenario link, and the link reproduces the first recommendation', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.method=lora&w.tokens=200M&w.accelerator=L4',
    { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  await page.fill('#w-tokens', '300M');
  await page.selectOption('#c-currency', 'EUR');
  await page.waitForFunction(() => document.documentElement.dataset.currency === 'EUR');
  const first = await page.textContent('#candidates tbody tr:first-child');
  // Headless Chromium on Linux has no share sheet: the link goes to the clipboard.
  assert.equal(await page.evaluate(() => typeof navigator.share), 'undefined');
  await page.click('#share');
  await page.waitForFunction(() => document.querySelector('#share-status').textContent !== '');
  assert.match(await page.textContent('#share-status'), /Link copied/);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, page.url());
  const opened = await openPage(session, new URL(link).pathname + new URL(link).search);
  await opened.page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  assert.equal(await opened.page.inputValue('#w-tokens'), '300M');
  assert.equal(await opened.page.textContent('#candidates tbody tr:first-child'), first);
  assert.deepEqual([...problems, ...opened.problems], []);
});
