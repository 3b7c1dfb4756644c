// End-to-end: the scenario is the URL. Each example's link reproduces its
// answer in a fresh browser; old and damaged links say so and fall back; the
// scenario survives a reload; one workload's settings never leak into another.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession, linkWith } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const PRESETS = ['lora', 'serve70b', 'pretrain7b', 'cfd', 'render', 'vdi', 'devbox'];

/** What the user sees as the answer: the estimate and the ranked servers. */
const answer = (page) => page.evaluate(() => ({
  compute: document.querySelector('#compute-list').textContent,
  memory: document.querySelector('#memory-legend').textContent,
  summary: document.querySelector('#recommend-summary').textContent,
  candidates: [...document.querySelectorAll('#candidates tbody tr')].slice(0, 5).map((tr) => tr.textContent),
  error: document.querySelector('#estimate-error').hidden ? '' : document.querySelector('#estimate-error').textContent,
}));

test('each example\'s link reproduces its answer in a fresh browser context', async () => {
  const { page, problems } = await openPage(session);
  for (const preset of PRESETS) {
    await page.click(`[data-scenario="${preset}"]`);
    await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
    const expected = await answer(page);
    assert.equal(expected.error, '', `${preset}: ${expected.error}`);
    // The page writes the link when it is next idle after showing the example.
    await page.waitForFunction(() => new URL(location.href).searchParams.get('w.kind') === document.querySelector('#w-kind').value);
    const link = new URL(page.url());
    assert.equal(link.searchParams.get('v'), '1', preset);
    const fresh = await openPage(session, link.pathname + link.search);
    assert.deepEqual(await answer(fresh.page), expected, `${preset}: ${link.search}`);
    assert.equal(fresh.page.url(), page.url(), `${preset}: the link is canonical`);
    assert.deepEqual(fresh.problems, []);
    await fresh.page.context().close();
  }
  assert.deepEqual(problems, []);
});

test('an old link and a damaged link are announced and not half-applied', async () => {
  const old = await openPage(session, '/?w.kind=pretrain');
  assert.equal(await old.page.isVisible('#link-notice'), true);
  assert.match(await old.page.textContent('#link-notice'), /another version/);
  // Falls back to the default example, with a result.
  assert.equal(await old.page.inputValue('#w-kind'), 'finetune');
  await old.page.waitForSelector('#candidates tbody tr');
  const bad = await openPage(session, '/?v=1&w.model=%3Cimg%20src=x%20onerror=alert(1)%3E');
  assert.match(await bad.page.textContent('#link-notice'), /damaged/);
  assert.equal(await bad.page.$('img'), null);
  const zh = await openPage(session, '/?v=9&lang=zh-CN&w.kind=hpc');
  assert.match(await zh.page.textContent('#link-notice'), /其他版本/);
});

test('a reload and a new visit keep the scenario', async () => {
  const { page } = await openPage(session, '/');
  await page.click('[data-scenario="cfd"]');
  await page.fill('#w-work', '2.5e6');
  await page.click('#why-not summary');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('open') === 'why-not');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.inputValue('#w-work'), '2.5e6');
  assert.equal(await page.getAttribute('#why-not', 'open'), '', 'the open panel stays open');
  // A visit without a link in the same browser opens the last scenario.
  await page.goto(session.url('/'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.inputValue('#w-kind'), 'hpc');
  assert.equal(await page.inputValue('#w-work'), '2.5e6');
});

test('switching the workload never carries another workload\'s settings, and switching back restores them', async () => {
  const { page, problems } = await openPage(session, '/');
  await page.click('[data-scenario="serve70b"]');
  await page.fill('#w-rps', '35');
  assert.equal(await page.inputValue('#w-precision'), 'fp8');
  await page.selectOption('#w-kind', 'finetune');
  assert.equal(await page.inputValue('#w-precision'), '', 'fp8 serving weights are not a fine-tuning setting');
  assert.equal(await page.inputValue('#w-model'), 'qwen2.5-7b');
  await page.selectOption('#w-kind', 'inference');
  assert.equal(await page.inputValue('#w-precision'), 'fp8');
  assert.equal(await page.inputValue('#w-rps'), '35');
  await linkWith(page, { 'w.kind': 'inference', 'w.tokens': null });
  assert.deepEqual(problems, []);
});

test('token counts read as "200M", "200 million", "2亿", "2e8" and "200,000,000" give one answer', async () => {
  const { page } = await openPage(session, '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.tokens=200M&w.accelerator=L4');
  const expected = (await answer(page)).compute;
  for (const text of ['200 million', '2亿', '2e8', '200,000,000', '0.2B']) {
    await page.fill('#w-tokens', text);
    assert.equal((await answer(page)).compute, expected, text);
  }
});
