// End-to-end: the recommended servers' table sorts by its headers (mouse and
// keyboard, aria-sort, kept across recomputes, in both languages), and a
// recompute updates the rows it keeps instead of building them again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

/** A job with many candidates of known prices: 8×80 GB for 100 hours on three providers. */
const RAW = '/?v=1&w.kind=raw&w.gpuMemoryGib=80&w.gpuCount=8&w.hours=100&c.providers=azure,aws,gcp';

/** The shown rows' figures in a column: a cost cell's first line as a number (null when unknown). */
const costs = (page) => page.$$eval('#candidates tbody tr:not(.folded-region) td.price, #candidates tbody tr:not(.folded-region) td.unknown',
  (tds) => tds.map((td) => (td.classList.contains('price') ? Number(td.textContent.split('\n')[0].replace(/[^0-9.]/g, '')) : null)));
const ranks = (page) => page.$$eval('#candidates tbody tr td:first-child', (tds) => tds.map((td) => Number(td.textContent)));
const sortState = (page) => page.$$eval('#candidates thead th', (ths) => ths.map((th) => th.getAttribute('aria-sort')).filter(Boolean).join(','));
const ascending = (xs) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

test('the headers sort by click and keyboard, say so in aria-sort, and the sort is kept across recomputes', async () => {
  const { page, problems } = await openPage(session, RAW);
  await page.waitForSelector('#candidates tbody tr');
  // The engine's order first: rank ascending, and only that header says it is sorted.
  assert.equal(await sortState(page), 'ascending');
  assert.equal(await page.getAttribute('#candidates th[data-sort="rank"]', 'aria-sort'), 'ascending');
  assert.ok(ascending(await ranks(page)));

  // A click on "Cost": cheapest first.
  await page.click('#candidates th[data-sort="cost"] button');
  assert.equal(await page.getAttribute('#candidates th[data-sort="cost"]', 'aria-sort'), 'ascending');
  assert.equal(await page.getAttribute('#candidates th[data-sort="rank"]', 'aria-sort'), null);
  const up = (await costs(page)).filter((x) => x != null);
  assert.ok(up.length > 3, `some priced rows: ${up}`);
  assert.ok(ascending(up), `cheapest first: ${up}`);

  // The keyboard: Enter on the same header flips it, most expensive first.
  await page.focus('#candidates th[data-sort="cost"] button');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#candidates th[data-sort="cost"]', 'aria-sort'), 'descending');
  const down = (await costs(page)).filter((x) => x != null);
  assert.ok(ascending([...down].reverse()), `dearest first: ${down}`);

  // A recompute (more hours) keeps the sort, and keeps the row elements it can.
  const firstRow = await page.$('#candidates tbody tr:first-child');
  const firstId = await firstRow.evaluate((tr) => tr.dataset.offerId);
  const costBefore = await page.textContent('#candidates tbody tr:first-child td:nth-child(8)');
  await page.fill('#w-rawhours', '200');
  await page.waitForFunction((before) => document.querySelector('#candidates tbody tr:first-child td:nth-child(8)')?.textContent !== before,
    costBefore);
  assert.equal(await page.getAttribute('#candidates th[data-sort="cost"]', 'aria-sort'), 'descending');
  const again = (await costs(page)).filter((x) => x != null);
  assert.ok(ascending([...again].reverse()), `still dearest first: ${again}`);
  assert.equal(await firstRow.evaluate((tr) => tr.isConnected && tr.dataset.offerId), firstId,
    'the same row element shows the same offer after the recompute');

  // Space on "Provider": alphabetical; rows of one provider keep the engine's rank order.
  await page.focus('#candidates th[data-sort="provider"] button');
  await page.keyboard.press(' ');
  assert.equal(await sortState(page), 'ascending');
  const rows = await page.$$eval('#candidates tbody tr:not(.folded-region)',
    (trs) => trs.map((tr) => [tr.cells[1].textContent, Number(tr.cells[0].textContent)]));
  for (let i = 1; i < rows.length; i++) {
    const [p, r] = rows[i];
    const [q, s] = rows[i - 1];
    assert.ok(q < p || (q === p && s < r), `provider order, then rank: ${rows.map((x) => x.join(' ')).join(', ')}`);
  }

  // Opening a kept row still opens the offer it shows now.
  const shownId = await page.getAttribute('#candidates tbody tr:first-child', 'data-offer-id');
  await page.click('#candidates tbody tr:first-child td:nth-child(2)');
  assert.match(await page.textContent('#detail-title'), new RegExp(shownId.split('/')[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.deepEqual(problems, []);
});

test('in Chinese the sort buttons are named in Chinese and sorting still works', async () => {
  const { page, problems } = await openPage(session, RAW);
  await page.waitForSelector('#candidates tbody tr');
  await page.click('[data-lang="zh-CN"]');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.equal(await page.getAttribute('#candidates th[data-sort="rank"] button', 'aria-label'), '排名');
  assert.equal(await page.getAttribute('#candidates th[data-sort="cost"] button', 'title'), '排序');
  await page.click('#candidates th[data-sort="cost"] button');
  assert.equal(await page.getAttribute('#candidates th[data-sort="cost"]', 'aria-sort'), 'ascending');
  const up = (await costs(page)).filter((x) => x != null);
  assert.ok(ascending(up), `cheapest first: ${up}`);
  assert.deepEqual(problems, []);
});
