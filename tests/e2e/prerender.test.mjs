// End-to-end: the served page (www/index.html, tools/prerender.mjs) holds the
// page's own drawings of the default example's first result in English and
// Chinese, one shown before the page's script runs to the visitors whose first
// view it is and none to anyone else, and the page takes them over without a
// trace.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { holdBack, openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const LINK = '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.accelerator=H100&w.requestsPerSecond=20';

/** What a reader compares: the best answer and the ranked rows on the screen, as text, and the page's language. */
const shownResult = (page) => page.evaluate(() => {
  const shown = (selector) => [...document.querySelectorAll(selector)].filter((el) => el.checkVisibility());
  return {
    lang: document.documentElement.lang,
    best: shown('#best-answer').map((p) => p.textContent),
    rows: shown('#candidates tbody tr').map((tr) => tr.textContent),
  };
});

/**
 * The served page at `path`, parsed to its end with the page's script held
 * back, in a browser set up by `options` and `setup(setupArg)` (run before the
 * page's scripts). `finish()` lets the script run, waits for the page to be
 * ready and closes it.
 */
async function heldPage(path, options = {}, setup = null, setupArg = undefined) {
  const context = await session.browser.newContext(options);
  if (setup) await context.addInitScript(setup, setupArg);
  const release = await holdBack(context, '**/pkg/app.js');
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  // The page's script is deferred: parsed to its end (the page's source comes last), and the
  // head's script run, is the moment to look.
  await page.goto(session.url(path), { waitUntil: 'commit' });
  await page.waitForSelector('#page-source', { state: 'attached' });
  await page.waitForFunction(() => document.documentElement.dataset.firstView);
  return {
    page,
    async finish() {
      release();
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30000 });
      assert.deepEqual(problems, [], `${path}: the page reported problems`);
      await context.close();
    },
  };
}

for (const [locale, lang, money] of [['en-US', 'en', /\$\d/], ['zh-CN', 'zh-CN', /美元|\$\d|US\$/]]) {
  test(`before the page's script runs, the served page shows the default example priced, inert, in ${lang}`, async () => {
    const held = await heldPage('/', { locale });
    const drawing = held.page.locator(`main[data-drawing="${lang}"]`);
    const price = drawing.locator('#candidates tbody tr').first().locator('td.price');
    assert.ok(await price.isVisible(), 'the first row\'s price is on the screen');
    assert.match(await price.textContent(), money);
    assert.equal(await drawing.getAttribute('inert'), '');
    const drawn = await shownResult(held.page);
    assert.equal(drawn.lang, lang);
    assert.equal(drawn.best.length, 1, 'one drawing on the screen');
    await held.finish();

    // The drawing is the page's own first result: the page, drawing it again, shows the same.
    const { page: live, problems } = await openPage(session, '/', { locale });
    assert.deepEqual(await shownResult(live), drawn);
    assert.deepEqual(problems, []);
    await live.context().close();
  });
}

test('the page takes the drawing over: nothing inert is left, every id once', async () => {
  const { page, problems } = await openPage(session, '/');
  const state = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    return {
      inert: document.querySelectorAll('[inert]').length,
      source: document.getElementById('page-source') !== null,
      prerendered: 'prerendered' in document.body.dataset,
      duplicates: ids.filter((id, i) => ids.indexOf(id) !== i),
    };
  });
  assert.deepEqual(state, { inert: 0, source: false, prerendered: false, duplicates: [] });
  // It answers input as the page always has.
  const table = await page.textContent('#candidates tbody');
  await page.fill('#w-tokens', '2B');
  await page.waitForFunction((t) => document.querySelector('#candidates tbody').textContent !== t, table);
  assert.deepEqual(problems, []);
  await page.context().close();
});

/** The language of the drawing on the screen before the page's script runs (see `heldPage`), or null. */
async function drawingShown(...args) {
  const held = await heldPage(...args);
  const shown = await held.page.evaluate(() => [...document.querySelectorAll('#candidates tbody td.price')]
    .find((td) => td.checkVisibility())?.closest('[data-drawing]').dataset.drawing ?? null);
  await held.finish();
  return shown;
}

test('only a visitor whose first view is the default example sees a drawing, in the page\'s language', async () => {
  assert.equal(await drawingShown('/'), 'en', 'a first visit');
  assert.equal(await drawingShown('/', { locale: 'zh-CN' }), 'zh-CN', 'a first visit from a browser that asks for Chinese');
  // A reload after a first visit: the link and the storage it left are the default example's.
  for (const locale of ['en-US', 'zh-CN']) {
    const { page } = await openPage(session, '/', { locale });
    await page.waitForFunction(() => location.search.length > 1);
    const left = await page.evaluate(() => ({ search: location.search, stored: { ...localStorage } }));
    await page.context().close();
    assert.equal(await drawingShown(`/${left.search}`, { locale }, (stored) => {
      for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
    }, left.stored), locale === 'en-US' ? 'en' : 'zh-CN', `a reload of the default example (${locale})`);
  }

  assert.equal(await drawingShown(LINK), null, 'a link to another scenario');
  // Its header is on the screen at once, in the page's language, while the page draws the rest.
  for (const [locale, lang, title] of [['en-US', 'en', /GPU cloud server advisor/], ['zh-CN', 'zh-CN', /云服务器/]]) {
    const held = await heldPage(LINK, { locale });
    const headers = await held.page.evaluate(() => [...document.querySelectorAll('header')]
      .filter((h) => h.checkVisibility()).map((h) => ({ lang: h.dataset.drawing, text: h.textContent })));
    await held.finish();
    assert.equal(headers.length, 1, `${locale}: one header shown`);
    assert.equal(headers[0].lang, lang);
    assert.match(headers[0].text, title);
  }
  assert.equal(await drawingShown('/?lang=zh-CN'), null, 'a link that asks for Chinese in an English browser');
  assert.equal(await drawingShown('/?lang=en', { locale: 'zh-CN' }), null, 'a link that asks for English in a Chinese browser');
  assert.equal(await drawingShown('/', {}, () => {
    localStorage.setItem('gpuplan.scenario.v1', 'v=1&w.kind=inference&w.model=llama-3.1-70b');
  }), null, 'a saved scenario of another workload');
  assert.equal(await drawingShown('/', {}, () => {
    localStorage.setItem('gpuplan.userPrices.v1', JSON.stringify({ discounts: { aws: 30 } }));
  }), null, 'saved prices');
});

test('the head\'s script picks the language the page then shows (the two rules agree)', async () => {
  for (const [locale, path] of [['en-US', '/'], ['zh-CN', '/'], ['en-US', '/?lang=zh-CN'], ['zh-CN', '/?lang=en'],
    ['zh-TW', '/'], ['en-US', '/?lang=fr'], ['zh-CN', `${LINK}&lang=en`]]) {
    const { page, problems } = await openPage(session, path, { locale });
    const langs = await page.evaluate(() => ({ head: document.documentElement.dataset.firstLang, page: document.documentElement.lang }));
    assert.equal(langs.head, langs.page, `${locale} ${path}`);
    assert.deepEqual(problems, []);
    await page.context().close();
  }
});

test('without scripts no result is shown: the page says it needs them, under its header', async () => {
  const context = await session.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(session.url('/'));
  assert.equal(await page.locator('#candidates tbody td.price').first().isVisible(), false);
  assert.ok(await page.locator('header[data-drawing="en"] h1').isVisible(), 'the English header');
  assert.equal(await page.locator('header[data-drawing="zh-CN"]').isVisible(), false);
  assert.ok(await page.locator('noscript p.warning').isVisible(), 'the message is on the screen');
  await context.close();
});

test('every policy allows the head\'s inline script by its hash, and nothing else inline', () => {
  const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  const inline = [...read('www/page.html').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  assert.equal(inline.length, 1, 'one inline script in the page');
  const hash = `'sha256-${createHash('sha256').update(inline[0], 'utf8').digest('base64')}'`;
  for (const path of ['www/page.html', 'www/_headers', 'firebase.json', 'vercel.json']) {
    const policies = [...read(path).matchAll(/script-src ([^;"]*)/g)].map((m) => m[1]);
    assert.ok(policies.length > 0, `${path} has a policy`);
    for (const sources of policies) {
      assert.ok(sources.split(' ').includes(hash), `${path}: script-src ${sources} lacks ${hash}`);
      assert.ok(!sources.includes('unsafe-inline'), `${path} allows any inline script`);
    }
  }
});
