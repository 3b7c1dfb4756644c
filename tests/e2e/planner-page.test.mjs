// End-to-end: the page holds one engine `Planner` with the user's prices. It
// answers every priced call (the "why not" search paged through it too), is
// rebuilt once when the prices change, and never per keystroke; the keystroke
// path no longer sends the prices.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const LORA = '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.method=lora&w.tokens=200M&w.accelerator=L4';

/** Counts the glue's planner method calls and free-function-style prices in them (same module record as engine.js). */
async function watchPlanner(page) {
  await page.evaluate(async () => {
    const { Planner } = await import('/pkg/gpuplan.js');
    const seen = { calls: {}, pricedCalls: 0 };
    window.__planner = seen;
    for (const name of ['catalogInfo', 'listOffers', 'estimate', 'recommend', 'recommendRows', 'whyNot', 'tco']) {
      const real = Planner.prototype[name];
      Planner.prototype[name] = function (...args) {
        seen.calls[name] = (seen.calls[name] ?? 0) + 1;
        const [arg] = args;
        if (arg?.userPrices || arg?.pricing?.userPrices) seen.pricedCalls += 1;
        return real.apply(this, args);
      };
    }
  });
}

const plannerState = (page) => page.evaluate(async () => ({
  ...(await import('/js/engine.js')).debugState().planner,
  ...window.__planner,
}));

/** The page's first priced row's cost text, once the answer settled after `change`. */
async function settled(page) {
  await page.waitForFunction(() => document.querySelector('#recommend-error').hidden
    && !document.querySelector('#recommend').classList.contains('stale-results'));
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

test('why not finds p5.48xlarge us-east-1, far past the first 100, through the page\'s planner', async () => {
  // Azure only: every AWS offer is left out, p5.48xlarge us-east-1 far down the list.
  const { page, problems } = await openPage(session, `${LORA}&c.providers=azure`);
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  await watchPlanner(page);
  // Where the engine's "why not" order puts it for this request.
  const where = await page.evaluate(async () => {
    const { recommendRequest, PRESETS } = await import('/js/scenario.js');
    const engine = await import('/pkg/gpuplan.js');
    const all = engine.whyNot(recommendRequest({ ...PRESETS.lora, 'c.providers': 'azure' }, 100), { offset: 0, limit: 10000 });
    return { total: all.total, index: all.excluded.findIndex((x) => x.offer.instance === 'p5.48xlarge' && x.offer.region === 'us-east-1') };
  });
  assert.ok(where.index >= 100, `p5.48xlarge us-east-1 is entry ${where.index} of ${where.total}`);
  await page.evaluate(() => { document.querySelector('#why-not').open = true; });
  await page.fill('#why-not-search', 'p5.48xlarge us-east-1');
  await page.waitForFunction(() => [...document.querySelectorAll('#excluded tbody tr')]
    .some((tr) => tr.cells[1]?.textContent === 'p5.48xlarge' && tr.cells[2]?.textContent === 'us-east-1'));
  const state = await plannerState(page);
  assert.ok(state.calls.whyNot >= 1, `paged through Planner.whyNot: ${JSON.stringify(state)}`);
  assert.equal(state.builds, 1, 'one planner for the whole visit');
  assert.deepEqual(problems, []);
});

test('a price change rebuilds the planner once; typing in the forms never does and sends no prices', async () => {
  const { page, problems } = await openPage(session, LORA);
  await settled(page);
  await watchPlanner(page);
  const start = await plannerState(page);
  assert.equal(start.builds, 1);
  assert.equal(start.withPrices, false);

  // Twelve keystrokes in the workload form and the constraints form.
  await page.click('#w-tokens');
  await page.keyboard.press('End');
  for (const key of ['Backspace', 'k', 'Backspace', 'M', 'Backspace', 'k', 'Backspace', 'M']) await page.keyboard.press(key);
  await page.fill('#c-deadline', '720');
  await page.fill('#c-deadline', '');
  await settled(page);
  const typed = await plannerState(page);
  assert.equal(typed.builds, 1, `typing rebuilt the planner: ${JSON.stringify(typed)}`);
  // The table's ranking: its rows (`recommendRows`), the full answer only for details, comparison and export.
  assert.ok(typed.calls.recommendRows >= 1, JSON.stringify(typed));
  assert.equal(typed.pricedCalls, 0, 'no keystroke call carries userPrices');

  // A discount: the planner is rebuilt exactly once, with the prices, and the
  // offer list (on-demand prices, which discounts apply to) follows it.
  const offersText = () => page.textContent('#offers tbody');
  const before = await offersText();
  await page.evaluate(() => { document.querySelector('#user-prices').open = true; });
  const provider = await page.evaluate(() => document.querySelector('#offers tbody tr')?.cells[0]?.textContent?.trim());
  await page.fill(`[data-user-field="userPrices.discounts.${provider}"]`, '40');
  await settled(page);
  const discounted = await plannerState(page);
  assert.equal(discounted.builds, 2, JSON.stringify(discounted));
  assert.equal(discounted.withPrices, true);
  assert.notEqual(await offersText(), before, `a ${provider} discount reaches the offer list`);

  // More typing on the discounted planner: still no rebuild.
  await page.click('#w-tokens');
  await page.keyboard.press('End');
  for (const key of ['Backspace', 'k', 'Backspace', 'M']) await page.keyboard.press(key);
  await settled(page);
  assert.equal((await plannerState(page)).builds, 2);

  // Reset: one more build, without prices.
  await page.click('#reset-prices');
  await settled(page);
  const reset = await plannerState(page);
  assert.equal(reset.builds, 3);
  assert.equal(reset.withPrices, false);
  assert.equal(await offersText(), before);
  assert.deepEqual(problems, []);
});

test('prices the engine refuses are named on their field; what does not depend on prices still answers', async () => {
  const { page, problems } = await openPage(session, LORA);
  await settled(page);
  await page.evaluate(() => { document.querySelector('#user-prices').open = true; });
  const before = await page.textContent('#estimate-details');
  await page.fill('[data-user-field="userPrices.discounts.aws"]', '101');
  await page.waitForFunction(() => document.querySelector('[data-error-for="userPrices.discounts.aws"]').textContent !== '');
  // The estimate does not depend on prices: it stays, without an error.
  await page.fill('#w-tokens', '400M');
  await page.waitForFunction((old) => document.querySelector('#estimate-details').textContent !== old, before);
  assert.equal(await page.isVisible('#estimate-error'), false);
  // Fixed, the planner is built with it and the errors go.
  await page.fill('[data-user-field="userPrices.discounts.aws"]', '10');
  await settled(page);
  assert.equal(await page.textContent('[data-error-for="userPrices.discounts.aws"]'), '');
  assert.equal(await page.isVisible('#recommend-error'), false);
  assert.deepEqual(problems, []);
});
