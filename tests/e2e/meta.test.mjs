// End-to-end: what a visitor meets around the answer: the version, a notice
// without JavaScript, an installable manifest, description and link-preview
// tags, and every part of the page inside a landmark (axe `region`).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage, startSession } from './browser.mjs';
import { serve } from '../../tools/serve.mjs';

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

test('a new build is announced as ready, and its button reloads into it', async () => {
  // Build A is a copy of www/; build B is the same copy with another version
  // (the glue's `version()` rewritten on disk), as a deploy would replace it.
  const root = mkdtempSync(join(tmpdir(), 'gpuplan-update-'));
  cpSync(fileURLToPath(new URL('../../www', import.meta.url)), root, { recursive: true });
  const server = await serve(root);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const context = await session.browser.newContext();
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60000 });
    // Build A's worker installs and takes the page (clients.claim): no notice for the first install.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
    const first = await page.evaluate(() => navigator.serviceWorker.controller.scriptURL);
    const versionA = new URL(first).searchParams.get('v');
    assert.ok(versionA, first);
    assert.equal(await page.isVisible('#update-notice'), false);

    const glue = join(root, 'pkg', 'gpuplan.js');
    const text = readFileSync(glue, 'utf8');
    assert.match(text, /^export function version\(/m);
    const versionB = `${versionA}-next`;
    writeFileSync(glue, `${text.replace(/^export function version\(/m, 'function builtVersion(')}
export function version() { return { ...builtVersion(), version: ${JSON.stringify(versionB)} }; }
`);
    // The next visit runs build B under build A's worker: B's worker installs beside it and the page says so.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60000 });
    await page.waitForSelector('#update-notice:not([hidden])', { timeout: 30000 });
    assert.match(await page.textContent('#update-notice'), /new version of gpuplan is ready/);
    assert.ok(await page.isVisible('#update-reload'));
    // Its button reloads; the page then runs under build B's worker, with no notice.
    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60000 });
    await page.waitForFunction((v) => navigator.serviceWorker.controller?.scriptURL.endsWith(`?v=${encodeURIComponent(v)}`), versionB, { timeout: 30000 });
    assert.equal(await page.isVisible('#update-notice'), false);
    assert.match(await page.textContent('#version'), new RegExp(`gpuplan ${versionB.replace(/[.+]/g, '\\$&')} `));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await new Promise((ok) => server.close(ok));
    rmSync(root, { recursive: true, force: true });
  }
});
