// Nothing leaves the browser: a full visit (every workload kind, raw
// requirements, the catalog browser, your prices, export, the widget) makes
// no request outside the page's own origin and logs no console error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

function outside(requests) {
  const origin = new URL(session.url('/')).origin;
  // data: and blob: URLs are the page's own bytes (the wasm, downloads).
  return requests.filter((url) => !url.startsWith(origin) && !/^(data|blob):/.test(url));
}

test('a full visit makes no request outside the page and logs no error', async () => {
  const { page, problems, requests } = await openPage(session, '/?v=1&w.kind=raw&w.gpuMemoryGib=24&w.gpuCount=1&w.hours=10');
  await page.waitForSelector('#candidates tbody tr');
  // Every preset: all seven workload kinds beside raw.
  for (const preset of ['lora', 'serve70b', 'pretrain7b', 'cfd', 'render', 'vdi', 'devbox']) {
    await page.click(`button[data-scenario="${preset}"]`);
    await page.waitForSelector('#candidates tbody tr, #recommend-empty:not([hidden])');
  }
  // The catalog browser.
  await page.selectOption('#f-provider', 'azure');
  await page.fill('#f-min-memory-per-gpu', '80');
  await page.waitForSelector('#offers tbody tr');
  // Your prices: a discount on a provider.
  await page.click('#user-prices summary');
  await page.fill('[data-user-field="userPrices.discounts.azure"]', '10');
  // Export.
  await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  assert.deepEqual(outside(requests), []);
  assert.ok(requests.length > 5, `the visit was watched (${requests.length} requests)`);
  assert.deepEqual(problems, []);
});

test('the widget on a host page makes no request outside the page and logs no error', async () => {
  // The example page has no readiness flag of its own: open it directly.
  const context = await session.browser.newContext();
  const page = await context.newPage();
  const requests = [];
  const problems = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(session.url('/embed-example.html'));
  await page.waitForFunction(() => [...document.querySelectorAll('gpu-plan')]
    .every((w) => w.shadowRoot && /\$|¥|price/i.test(w.shadowRoot.textContent)), null, { timeout: 20000 });
  assert.deepEqual(outside(requests), []);
  assert.deepEqual(problems, []);
});
