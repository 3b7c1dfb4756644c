// End-to-end: the <gpu-plan> widget on host pages, hostile CSS included.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

// A host page whose global CSS would break any widget drawn in the light DOM.
const HOSTILE = `<!doctype html><html><head><meta charset="utf-8">
<style>
  * { all: unset; }
  div { display: none !important; }
  ol, li, p, span, a { display: none !important; color: transparent !important; font-size: 0 !important; }
  gpu-plan { color: red; font-size: 2px; }
</style>
<script type="module" src="/widget.js"></script></head>
<body>
  <gpu-plan id="a" preset="serve70b" mode="compact" class="x" tabindex="0" role="region" title="host attributes"></gpu-plan>
  <gpu-plan id="b" scenario="v=1&amp;w.kind=finetune&amp;w.model=qwen2.5-7b&amp;w.tokens=200M&amp;w.accelerator=L4" lang="zh-CN" theme="dark"></gpu-plan>
</body></html>`;

async function hostilePage() {
  const context = await session.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.route('**/hostile.html', (route) => route.fulfill({ contentType: 'text/html', body: HOSTILE }));
  await page.goto(session.url('/hostile.html'));
  await page.waitForSelector('#a[data-ready="true"]', { state: 'attached' });
  await page.waitForSelector('#b[data-ready="true"]', { state: 'attached' });
  return { page, problems };
}

test('two widgets on a hostile host page show their own scenario, language and theme', async () => {
  const { page, problems } = await hostilePage();
  // Compact shows three candidates, the full one five; both visible despite the host's CSS.
  assert.equal(await page.locator('#a li').count(), 3);
  assert.equal(await page.locator('#b li').count(), 5);
  for (const id of ['a', 'b']) {
    const box = await page.locator(`#${id}`).boundingBox();
    assert.ok(box && box.height > 80 && box.width > 300, `#${id} is laid out: ${JSON.stringify(box)}`);
    assert.equal(await page.locator(`#${id} li`).first().isVisible(), true);
    const size = await page.locator(`#${id} .offer`).first().evaluate((el) => getComputedStyle(el).fontSize);
    assert.equal(size, '14px');
  }
  assert.match(await page.locator('#a .title').textContent(), /Serve an LLM/);
  assert.match(await page.locator('#b .title').textContent(), /微调/);
  assert.match(await page.locator('#b .status').textContent(), /个报价中有/);
  // Dark theme on b only.
  const background = (id) => page.locator(`#${id}`).evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.equal(await background('a'), 'rgb(255, 255, 255)');
  assert.equal(await background('b'), 'rgb(13, 17, 23)');
  // The link opens the full page on the same scenario.
  const href = await page.locator('#b a').getAttribute('href');
  const link = new URL(href);
  assert.equal(link.pathname, '/index.html');
  assert.equal(link.searchParams.get('v'), '1');
  assert.equal(link.searchParams.get('w.tokens'), '200M');
  assert.equal(link.searchParams.get('lang'), 'zh-CN');
  // Changing one widget leaves the other alone.
  const before = await page.locator('#b ol').textContent();
  await page.evaluate(() => document.querySelector('#a').setAttribute('preset', 'cfd'));
  await page.waitForFunction(() => document.querySelector('#a').shadowRoot.querySelector('.title').textContent.includes('HPC'));
  assert.equal(await page.locator('#b ol').textContent(), before);
  assert.deepEqual(problems, []);
});

test('a widget with a bad value names the field instead of failing silently', async () => {
  const context = await session.browser.newContext();
  const page = await context.newPage();
  await page.route('**/bad.html', (route) => route.fulfill({
    contentType: 'text/html',
    body: '<!doctype html><script type="module" src="/widget.js"></script><gpu-plan workload="devtest" hours-per-month="-3"></gpu-plan>',
  }));
  await page.goto(session.url('/bad.html'));
  await page.waitForSelector('gpu-plan >> .error');
  assert.match(await page.locator('gpu-plan .error').textContent(), /hoursPerMonth/);
  await context.close();
});

test('the example page embeds three widgets under a strict Content-Security-Policy', async () => {
  const context = await session.browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(session.url('/embed-example.html'));
  for (const id of ['serve', 'lora', 'cfd']) await page.waitForSelector(`#${id}[data-ready="true"]`, { state: 'attached' });
  assert.ok(await page.locator('#cfd li').count() > 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the page\'s "embed this scenario" snippet shows the same first recommendation', async () => {
  const { openPage } = await import('./browser.mjs');
  const { page } = await openPage(session, '/');
  await page.click('[data-scenario="serve70b"]');
  await page.waitForFunction(() => document.querySelector('#compute-list').textContent.includes('Replicas'));
  const first = await page.textContent('#candidates tbody tr:first-child td.instance');
  await page.click('#embed summary');
  await page.waitForFunction(() => document.querySelector('#embed-code').value !== '');
  const snippet = await page.inputValue('#embed-code');
  assert.match(snippet, /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/widget\.js"><\/script>\n<gpu-plan scenario="v=1&amp;/);
  // A fresh context: the page's service worker would answer for the made-up host page.
  const host = await (await session.browser.newContext()).newPage();
  await host.route('**/host.html', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><meta charset="utf-8">${snippet}` }));
  await host.goto(session.url('/host.html'));
  await host.waitForSelector('gpu-plan[data-ready="true"]', { state: 'attached' });
  assert.match(await host.locator('gpu-plan li .offer').first().textContent(), new RegExp(`${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
});
