// End-to-end: "why not" search covers every offer left out, not only the first page the answer carries.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

test('a search finds a left-out offer beyond the first 100 entries, with its reason', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.method=lora&w.tokens=200M&w.accelerator=L4');
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  // An offer far past the first page of the engine's "why not" order for this request.
  const target = await page.evaluate(async () => {
    const { recommendRequest, PRESETS } = await import('/js/scenario.js');
    const engine = await import('/pkg/gpuplan.js');
    const request = recommendRequest(PRESETS.lora, 100);
    const all = engine.whyNot(request, { offset: 0, limit: 10000 });
    const first = new Set(all.excluded.slice(0, 100).map((x) => x.offer.instance));
    // Past entry 1,000 and of an instance type not among the first 100, so only paging finds it.
    const far = all.excluded.slice(1000).find((x) => !first.has(x.offer.instance));
    return { total: all.total, instance: far.offer.instance, region: far.offer.region };
  });
  assert.ok(target.total > 1000, `${target.total} left out`);
  await page.evaluate(() => { document.querySelector('#why-not').open = true; });
  await page.fill('#why-not-search', `${target.instance} ${target.region}`);
  await page.waitForFunction((name) => [...document.querySelectorAll('#excluded tbody tr')].some((tr) => tr.textContent.includes(name)), target.instance);
  const rows = await page.$$eval('#excluded tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  const row = rows.find((r) => r[1] === target.instance && r[2] === target.region);
  assert.ok(row, JSON.stringify(rows.slice(0, 3)));
  assert.ok(row[4].length > 5, 'its reason');
  assert.match(await page.textContent('#why-not-shown'), /of [1-9]/);
  assert.deepEqual(problems, []);
});
