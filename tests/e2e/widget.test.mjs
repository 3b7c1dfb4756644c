// End-to-end: the <gpu-plan> widget on host pages, hostile CSS included.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, widgetPage } from './browser.mjs';

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
  // The instance name only: the cell may add "also in N other regions" below it.
  const first = await page.$eval('#candidates tbody tr:first-child td.instance', (td) => td.firstChild.textContent);
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

// A host page on another origin (a second loopback port) embedding the widget
// from the server `./build.sh serve` runs (tools/serve.mjs), as docs/EMBED.md says.
async function crossOriginHost(body) {
  const { serve } = await import('../../tools/serve.mjs');
  const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = await mkdtemp(join(tmpdir(), 'gpuplan-host-'));
  const widget = new URL(session.url('/widget.js'));
  await writeFile(join(dir, 'index.html'), `<!doctype html><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
    <script type="module" src="${widget.href}"></script>${body}`);
  const server = await serve(dir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  assert.notEqual(origin, widget.origin);
  const context = await session.browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  return {
    page, problems, origin,
    async open() { await page.goto(`${origin}/`); },
    async close() { await context.close(); await new Promise((ok) => server.close(ok)); await rm(dir, { recursive: true }); },
  };
}

test('from another origin the widget loads its files relative to its own URL and draws', async () => {
  const host = await crossOriginHost('<gpu-plan id="w" preset="lora"></gpu-plan>');
  const requests = [];
  host.page.on('request', (r) => requests.push(r.url()));
  await host.open();
  await host.page.waitForSelector('#w[data-ready="true"]', { state: 'attached', timeout: 20000 });
  assert.equal(await host.page.locator('#w li').count(), 5);
  const widgetOrigin = new URL(session.url('/')).origin;
  assert.ok(requests.some((u) => u.startsWith(`${widgetOrigin}/pkg/gpuplan_bg.wasm`)), requests.join('\n'));
  assert.ok(!requests.some((u) => u.startsWith(`${host.origin}/js/`) || u.startsWith(`${host.origin}/pkg/`)));
  // The engine ran in the widget's Worker: a blob: module of the host's origin that imports the real one with CORS.
  const workers = host.page.workers().map((w) => w.url());
  assert.ok(workers.some((url) => url.startsWith(`blob:${host.origin}/`)), JSON.stringify(workers));
  assert.ok(requests.some((u) => u === `${widgetOrigin}/js/widget-worker.js`), requests.join('\n'));
  assert.deepEqual(host.problems, []);
  await host.close();
});

test('docs/EMBED.md: its html snippet works cross-origin, and the headers it names are sent', async () => {
  const { readFile } = await import('node:fs/promises');
  const { blocks } = await import('./markdown.mjs');
  const embed = await readFile(new URL('../../docs/EMBED.md', import.meta.url), 'utf8');
  const [snippet] = blocks(embed, 'html');
  const widgetBase = new URL(session.url('/')).href.replace(/\/$/, '');
  const body = snippet.code.replace(/<script[^>]*><\/script>/, '').trim();
  const host = await crossOriginHost(body.replaceAll('https://YOUR-HOST/gpuplan', widgetBase));
  await host.open();
  await host.page.waitForSelector('gpu-plan[data-ready="true"]', { state: 'attached', timeout: 20000 });
  assert.deepEqual(host.problems, []);
  await host.close();
  for (const path of ['/widget.js', '/js/engine.js', '/pkg/gpuplan.js', '/pkg/gpuplan_bg.wasm']) {
    const response = await fetch(session.url(path), { headers: { origin: 'https://docs.example' } });
    assert.equal(response.headers.get('access-control-allow-origin'), '*', path);
    if (path.endsWith('.wasm')) assert.equal(response.headers.get('content-type'), 'application/wasm');
    assert.ok(embed.includes('Access-Control-Allow-Origin'), 'EMBED.md names the header');
  }
});

const shadowText = (page, selector) => page.evaluate((s) => document.querySelector('gpu-plan').shadowRoot.querySelector(s)?.textContent ?? null, selector);

test('every attribute and its property redraw the widget, and each answer fires gpuplan-result', async () => {
  const { page, problems, close } = await widgetPage(session, '<gpu-plan workload="raw" gpu-memory-gib="80" gpu-count="8" hours="100" providers="azure" mode="compact"></gpu-plan>', () => {
    window.results = [];
    document.addEventListener('gpuplan-result', (e) => window.results.push(e.detail));
  });
  await page.waitForFunction(() => window.results.length === 1);
  const first = await page.evaluate(() => window.results[0].result.candidates.map((c) => c.offer.provider));
  assert.ok(first.length > 0 && first.every((p) => p === 'azure'), first.join());
  assert.match(await shadowText(page, '.cost'), /in total, (on-demand|1-year reserved|3-year reserved|spot|blended)/);
  // An attribute the old widget did not observe: `providers`.
  await page.evaluate(() => document.querySelector('gpu-plan').setAttribute('providers', 'aws'));
  await page.waitForFunction(() => window.results.length === 2);
  assert.ok((await page.evaluate(() => window.results[1].result.candidates.map((c) => c.offer.provider))).every((p) => p === 'aws'));
  // The same through properties: camelCase names reflect to attributes.
  await page.evaluate(() => { const w = document.querySelector('gpu-plan'); w.providers = 'gcp'; w.gpuCount = 4; });
  await page.waitForFunction(() => window.results.length === 3);
  const third = await page.evaluate(() => ({
    providers: window.results[2].result.candidates.map((c) => c.offer.provider),
    request: window.results[2].request.workload.gpuCount,
    attribute: document.querySelector('gpu-plan').getAttribute('gpu-count'),
    property: document.querySelector('gpu-plan').gpuCount,
    result: document.querySelector('gpu-plan').result === window.results[2].result,
  }));
  assert.ok(third.providers.every((p) => p === 'gcp'));
  assert.deepEqual([third.request, third.attribute, third.property, third.result], [4, '4', '4', true]);
  // Every attribute is observed.
  const observed = await page.evaluate(() => customElements.get('gpu-plan').observedAttributes);
  for (const name of ['requests-per-second', 'ttft-target-ms', 'regions', 'budget-usd', 'deadline-hours', 'frames', 'desktops']) {
    assert.ok(observed.includes(name), name);
  }
  assert.deepEqual(problems, []);
  await close();
});

test('every workload field is an attribute, lists and flags read as the engine wants them', async () => {
  // tests/typescript.rs checks the list against the engine's types; here the text of the ones
  // that are not numbers or words reaches the engine as a list, a boolean or a word.
  const cases = [
    ['<gpu-plan workload="vdi" desktops="10" profile-gib="4" graphics-apis="Vulkan, OpenGL"></gpu-plan>', (w) => w.graphicsApis, ['Vulkan', 'OpenGL']],
    ['<gpu-plan workload="raw" gpu-memory-gib="80" gpu-count="16" hours="10" spread="true" interconnect="InfiniBand"></gpu-plan>', (w) => w.spread, true],
    ['<gpu-plan workload="hpc" work-tflop="3600" memory-gib-per-job="20" code-class="sparse"></gpu-plan>', (w) => w.codeClass, 'sparse'],
    ['<gpu-plan preset="serve70b" engine="tensorrt-llm" max-sequences="64"></gpu-plan>', (w) => [w.engine, w.maxSequences], ['tensorrt-llm', 64]],
  ];
  for (const [html, read, expected] of cases) {
    const { page, problems, close } = await widgetPage(session, html, () => {
      window.results = [];
      document.addEventListener('gpuplan-result', (e) => window.results.push(e.detail));
    });
    await page.waitForFunction(() => window.results.length === 1);
    const answer = await page.evaluate(() => ({ workload: window.results[0].request.workload, count: window.results[0].result.candidates.length }));
    assert.deepEqual(read(answer.workload), expected, html);
    assert.ok(answer.count > 0, html);
    assert.deepEqual(problems, [], html);
    await close();
  }
});

test('a service is costed a month and names its plan; parts and custom properties style it', async () => {
  const { page, close } = await widgetPage(session, '<style>gpu-plan { --gp-accent: rgb(1, 2, 3); } gpu-plan::part(cost) { color: rgb(4, 5, 6); }</style><gpu-plan preset="serve70b"></gpu-plan>');
  await page.waitForSelector('gpu-plan[data-ready="true"]', { state: 'attached' });
  const cost = await shadowText(page, '.cost');
  assert.match(cost, /a month, (on-demand|1-year reserved|3-year reserved|blended)/);
  assert.doesNotMatch(await shadowText(page, '.item'), /days/);
  assert.doesNotMatch(await shadowText(page, '.status'), /on-demand list prices/);
  const styles = await page.evaluate(() => {
    const root = document.querySelector('gpu-plan').shadowRoot;
    return { link: getComputedStyle(root.querySelector('[part="link"]')).color, cost: getComputedStyle(root.querySelector('[part="cost"]')).color };
  });
  assert.deepEqual(styles, { link: 'rgb(1, 2, 3)', cost: 'rgb(4, 5, 6)' });
  await close();
});

test('hidden hides the widget and it draws when shown', async () => {
  const { page, close } = await widgetPage(session, '<gpu-plan hidden preset="cfd"></gpu-plan>');
  await page.waitForFunction(() => customElements.get('gpu-plan'));
  assert.equal(await page.locator('gpu-plan').evaluate((el) => getComputedStyle(el).display), 'none');
  await page.evaluate(() => { document.querySelector('gpu-plan').hidden = false; });
  await page.waitForSelector('gpu-plan[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.locator('gpu-plan').evaluate((el) => getComputedStyle(el).display), 'block');
  await close();
});

test('a link of another version says so, with no kind.undefined', async () => {
  const { page, close } = await widgetPage(session, '<gpu-plan scenario="v=7&amp;w.kind=finetune"></gpu-plan>');
  await page.waitForSelector('gpu-plan[data-ready="error"]', { state: 'attached' });
  const text = await page.evaluate(() => document.querySelector('gpu-plan').shadowRoot.textContent);
  assert.match(text, /another version of gpuplan \(v=7\); this widget reads v=1/);
  assert.doesNotMatch(text, /undefined/);
  await close();
});

test('a host page that patches Intl.NumberFormat and Math after it loads does not break it', async () => {
  const { page, problems, close } = await widgetPage(session, '<gpu-plan preset="lora"></gpu-plan>');
  await page.waitForSelector('gpu-plan[data-ready="true"]', { state: 'attached' });
  await page.evaluate(() => {
    Math.min = () => NaN;
    Math.max = () => NaN;
    Intl.NumberFormat = function () { throw new Error('patched NumberFormat'); };
    document.querySelector('gpu-plan').setAttribute('preset', 'cfd');
  });
  await page.waitForFunction(() => document.querySelector('gpu-plan').shadowRoot.querySelector('.title').textContent.includes('HPC'));
  assert.ok(await page.evaluate(() => document.querySelector('gpu-plan').shadowRoot.querySelectorAll('li').length) > 0);
  assert.deepEqual(problems, []);
  await close();
});

test('the widget module imports where there is no DOM', async () => {
  const module = await import('../../www/widget.js');
  assert.equal(typeof module.GpuPlan, 'function');
  assert.equal(globalThis.customElements, undefined);
});

test('currency shows every figure in yuan or euros at the cited rate, and currency-rate replaces it', async () => {
  const { page, problems, close } = await widgetPage(session, '<gpu-plan preset="serve70b"></gpu-plan>', () => {
    window.results = [];
    document.addEventListener('gpuplan-result', (e) => window.results.push(e.detail));
  });
  await page.waitForFunction(() => window.results.length === 1);
  const usd = await shadowText(page, '.item');
  assert.match(usd, /\$/);
  await page.evaluate(() => { document.querySelector('gpu-plan').currency = 'CNY'; });
  await page.waitForFunction(() => window.results.length === 2);
  const cny = await page.evaluate(() => document.querySelector('gpu-plan').shadowRoot.textContent);
  assert.doesNotMatch(cny, /\$/, 'no dollar left, reasons included');
  assert.match(cny, /¥/);
  assert.deepEqual(await page.evaluate(() => window.results[1].currency), { code: 'CNY', unitsPerUsd: 7.1286 });
  await page.evaluate(() => { const w = document.querySelector('gpu-plan'); w.currency = 'EUR'; w.currencyRate = 0.5; });
  await page.waitForFunction(() => window.results.length === 3);
  assert.deepEqual(await page.evaluate(() => window.results[2].currency), { code: 'EUR', unitsPerUsd: 0.5 });
  assert.match(await shadowText(page, '.cost'), /€/);
  assert.deepEqual(problems, []);
  await close();
});

// An Object.prototype.candidates accessor set before the widget loads: the answer is built in the
// widget's Worker and cloned into the page as own data properties, so the accessor never runs.
test('a host page that patches Array methods and adds an Object.prototype.candidates accessor does not break it', async () => {
  // Set before the widget loads, as a careless library on the host page would.
  const { page, problems, close } = await widgetPage(session, '<gpu-plan preset="serve70b" currency="EUR"></gpu-plan>', () => {
    Object.defineProperty(Object.prototype, 'candidates', { configurable: true, get() { return []; }, set() {} });
    window.hostAccessor = true;
  });
  await page.waitForSelector('gpu-plan[data-ready]', { state: 'attached' });
  assert.equal(await page.evaluate(() => document.querySelector('gpu-plan').dataset.ready), 'true', JSON.stringify(problems));
  const items = () => page.evaluate(() => document.querySelector('gpu-plan').shadowRoot.querySelectorAll('li').length);
  assert.ok((await items()) > 0, 'offers listed despite the accessor');
  // Array methods patched after it loaded: a redraw still lists the offers.
  await page.evaluate(() => {
    for (const name of ['map', 'filter', 'forEach', 'join', 'slice', 'find', 'push', 'reduce']) {
      Array.prototype[name] = () => { throw new Error(`patched Array.prototype.${name}`); };
    }
    document.querySelector('gpu-plan').setAttribute('preset', 'cfd');
  });
  // From here on the page's own Array methods throw, and page.evaluate's plumbing runs in the page:
  // locators read it from Playwright's isolated world instead.
  await page.locator('gpu-plan .title', { hasText: 'HPC' }).waitFor();
  assert.ok((await page.locator('gpu-plan li').count()) > 0);
  assert.deepEqual(problems, []);
  await close();
});
