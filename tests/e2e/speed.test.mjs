// End-to-end: what makes the page instant (issue 18). The default example is
// answered at build time by the native engine, those answers equal the
// module's, the priced result is shown before the module is even compiled, and
// typing costs no request.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { holdBack, openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const debugState = (page) => page.evaluate(async () => {
  const { answers, state } = (await import('/js/engine.js')).debugState();
  return { answers, state };
});

test('the default first visit is answered at build time (else: node tools/first-requests.mjs)', async () => {
  const { page, problems } = await openPage(session, '/');
  await page.waitForSelector('#candidates tbody td.price');
  const { answers } = await debugState(page);
  // catalogInfo, listModels, estimate, recommend: every call before the priced result.
  assert.ok(answers.loaded >= 4, `only ${answers.loaded} build-time answers`);
  assert.equal(answers.hits, answers.loaded, 'a first call of the default visit was not among the build-time answers: re-record them');
  assert.deepEqual(answers.misses, []);
  assert.deepEqual(problems, []);
});

test('the build-time answers are the module\'s own answers', async () => {
  const { page } = await openPage(session, '/');
  const differences = await page.evaluate(async () => {
    const glue = await import('/pkg/gpuplan.js');
    const file = (await import('/pkg/first-answers.js')).default;
    const out = [];
    // Native and wasm float functions may differ in the last bit: numbers agree to 1e-9, relative.
    // Price ages are counted on the reader's clock by the module and on the
    // build's clock at build time (the page re-reads them once the module runs).
    const clockDependent = /^catalogInfo\.(ageReference|ageReferenceIsToday|staleOfferCount|offersByAge\.)/;
    const compare = (a, b, path) => {
      if (clockDependent.test(path)) return;
      if (typeof a === 'number' && typeof b === 'number') {
        if (Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))) out.push(`${path}: ${a} ≠ ${b}`);
      } else if (a && b && typeof a === 'object' && typeof b === 'object') {
        const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
        for (const k of keys) compare(a[k], b[k], `${path}.${k}`);
      } else if (a !== b) {
        out.push(`${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
      }
    };
    for (const { call, args, answer } of file.answers) compare(answer, glue[call](...structuredClone(args)), call);
    return out.slice(0, 10);
  });
  assert.deepEqual(differences, []);
});

test('the default example\'s priced result is shown while the module is still loading', async () => {
  const context = await session.browser.newContext();
  // Hold the module back: the page must not need it for its first result.
  const release = await holdBack(context, '**/pkg/gpuplan_bg.wasm');
  const page = await context.newPage();
  await page.goto(session.url('/'));
  // Drawn by the page's script (`data-drawn`), not the build-time drawing of tests/e2e/prerender.test.mjs.
  await page.waitForFunction(() => document.body.dataset.drawn
    && /\d/.test(document.querySelector('#candidates tbody td.price')?.textContent ?? ''));
  assert.equal((await debugState(page)).state, 'idle');
  release();
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30000 });
  assert.equal((await debugState(page)).state, 'ready');
  assert.ok((await page.$$('#offers tbody tr')).length > 0, 'the offer list follows once the engine runs');
  await context.close();
});

test('while the module loads, a row\'s details and a comparison wait for it, then show the full candidates', async () => {
  const context = await session.browser.newContext();
  const release = await holdBack(context, '**/pkg/gpuplan_bg.wasm');
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(session.url('/'));
  await page.waitForFunction(() => document.body.dataset.drawn
    && /\d/.test(document.querySelector('#candidates tbody td.price')?.textContent ?? ''));
  assert.equal((await debugState(page)).state, 'idle');
  // The build-time answer is rows: two offers ticked for comparison are not compared yet …
  const boxes = page.locator('#candidates tbody tr input[type="checkbox"]');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  assert.equal(await page.isVisible('#compare'), false);
  // … and a row's details open without its plans.
  await page.click('#candidates tbody tr:first-child td.price');
  await page.waitForSelector('#offer-detail[open]');
  assert.equal(await page.isVisible('#detail-cost'), false);
  release();
  // Once the module runs, both follow: the plans side by side, the scorecards compared.
  await page.waitForSelector('#detail-cost .plans-table', { timeout: 30000 });
  await page.keyboard.press('Escape');
  await page.waitForSelector('#compare:not([hidden]) #compare-table tbody tr', { timeout: 30000 });
  assert.equal((await debugState(page)).state, 'ready');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a shared link computes its own scenario, and typing makes no request', async () => {
  const { page, problems, requests } = await openPage(session, '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.method=lora&w.tokens=300M&w.accelerator=L4');
  await page.waitForSelector('#candidates tbody td.price');
  assert.equal(await page.inputValue('#w-tokens'), '300M');
  // The service worker's install reads the page's files again (from the HTTP cache, www/sw.js),
  // and those requests are the worker's, not typing's: let it finish before counting.
  await page.evaluate(() => Promise.race([navigator.serviceWorker.ready, new Promise((ok) => setTimeout(ok, 10000))]));
  const before = requests.length;
  const table = await page.textContent('#candidates tbody');
  await page.click('#w-tokens');
  await page.keyboard.press('End');
  for (const key of ['Backspace', 'k', 'Backspace', 'M', 'Backspace', 'k']) await page.keyboard.press(key);
  await page.waitForFunction((t) => document.querySelector('#candidates tbody').textContent !== t, table);
  // The last keystroke's value is what the page shows (coalesced keystrokes are not lost).
  await page.waitForFunction(() => new URLSearchParams(location.search).get('w.tokens') === '300k');
  assert.deepEqual(requests.slice(before), []);
  assert.deepEqual(problems, []);
});
