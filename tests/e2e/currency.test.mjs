// End-to-end: every figure in the currency the reader chose, at a rate the page names with its source and date.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession, linkWith } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const settled = (page) => page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');

/** Every text the page shows with a dollar sign in it, with some context. */
const dollars = (page) => page.evaluate(() => {
  const texts = [document.body.innerText];
  for (const t of document.querySelectorAll('svg text, svg title')) texts.push(t.textContent);
  return texts.flatMap((text) => [...text.matchAll(/\$/g)].map((m) => text.slice(Math.max(0, m.index - 40), m.index + 20).replace(/\s+/g, ' ')));
});

test('with CNY chosen every figure on the page is in yuan, at the cited rate with its date', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.mode=online&w.requestsPerSecond=20&w.precision=fp8&w.accelerator=H100',
    { viewport: { width: 1400, height: 900 } });
  await settled(page);
  const firstUsd = await page.textContent('#candidates tbody tr:first-child td.price');
  assert.match(firstUsd, /\$/, 'USD by default');
  await page.selectOption('#c-currency', 'CNY');
  await page.waitForFunction(() => document.documentElement.dataset.currency === 'CNY');
  const info = await page.evaluate(async () => (await import('/pkg/gpuplan.js')).catalogInfo());
  const cny = info.displayRates.find((r) => r.currency === 'CNY');
  assert.equal(cny.unitsPerUsd, 7.1286);
  const line = await page.textContent('#currency-rate');
  assert.ok(line.includes('7.1286') && line.includes(cny.date) && line.includes('CFETS'), line);
  // The first row's cost, converted: the same offer's USD figure times the rate.
  const firstCny = await page.textContent('#candidates tbody tr:first-child td.price');
  assert.match(firstCny, /CN¥|¥/);
  // The first figure of the cell (the cost; a risk factor may follow).
  const amount = (text) => Number(/[\d,]+(?:\.\d+)?/.exec(text)[0].replaceAll(',', ''));
  assert.ok(Math.abs(amount(firstCny) / amount(firstUsd) - 7.1286) < 0.01, `${firstCny} vs ${firstUsd}`);
  // Every panel open: plans, the chart, buy or rent, compare, the offer list and an offer's details.
  await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
  await page.fill('#tco-price', '250k');
  await page.waitForSelector('#tco-result svg');
  const boxes = page.locator('#candidates tbody input[type="checkbox"]');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  assert.deepEqual(await dollars(page), [], 'no dollar figure left with CNY chosen');
  await page.click('#offers tbody tr:first-child');
  await page.waitForSelector('#offer-detail[open]');
  assert.deepEqual(await dollars(page), [], 'an offer\'s details in CNY too');
  await page.keyboard.press('Escape');
  // The link keeps the currency.
  await linkWith(page, { 'c.currency': 'CNY' });
  assert.deepEqual(problems, []);
});

test('EUR at the cited ECB rate, and a rate of one\'s own replaces it everywhere', async () => {
  const { page, problems } = await openPage(session, '/', { viewport: { width: 1400, height: 900 } });
  await settled(page);
  await page.selectOption('#c-currency', 'EUR');
  await page.waitForFunction(() => document.documentElement.dataset.currency === 'EUR');
  const line = await page.textContent('#currency-rate');
  assert.ok(line.includes('0.960523') && line.includes('2025-02-28') && line.includes('ECB'), line);
  assert.match(await page.textContent('#candidates tbody tr:first-child td.price'), /€/);
  await page.evaluate(() => { document.querySelector('#user-prices').open = true; });
  await page.fill('#f-rate-eur', '0.5');
  await page.waitForFunction(() => document.querySelector('#currency-rate').textContent.includes('0.5'));
  assert.match(await page.textContent('#currency-rate'), /your rate/);
  assert.deepEqual(await dollars(page), []);
  // Back to USD: the figures are dollars again.
  await page.selectOption('#c-currency', '');
  await page.waitForFunction(() => document.documentElement.dataset.currency === 'USD');
  assert.match(await page.textContent('#candidates tbody tr:first-child td.price'), /\$/);
  assert.deepEqual(problems, []);
});

/** The downloaded file behind a button, as text. */
async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return Buffer.concat(await (await file.createReadStream()).toArray()).toString();
}

/** A CSV text as rows of cells (quoted cells with commas, quotes and line breaks). */
function parseCsv(text) {
  const rows = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { rows.at(-1).push(cell); cell = ''; } else if (ch === '\r' && text[i + 1] === '\n') { rows.at(-1).push(cell); cell = ''; rows.push([]); i++; } else cell += ch;
  }
  if (rows.at(-1).length === 0) rows.pop();
  return rows;
}

test('the CSV export holds the columns the table shows, as shown, in the page\'s language and currency', async () => {
  const { page, problems } = await openPage(session, '/?v=1&lang=zh-CN&c.currency=CNY&w.kind=inference&w.model=llama-3.1-70b&w.mode=online&w.requestsPerSecond=20&w.precision=fp8&w.accelerator=H100',
    { viewport: { width: 1400, height: 900 } });
  await settled(page);
  const csv = parseCsv((await download(page, '#export-csv')).replace(/^\uFEFF/, ''));
  const [header, ...rows] = csv;
  assert.deepEqual(header, ['#', '服务商', '实例', '区域', '加速器', header[5], '时间', '方案', '总计（CNY）', '每月（CNY）', '每小时（CNY）', header[11], '价格来源', '公布价格（每小时，原币种）']);
  const tableHeader = await page.$$eval('#candidates thead th', (ths) => ths.map((th) => th.textContent.trim()));
  for (const i of [1, 2, 3, 4, 5, 6]) assert.equal(header[i], tableHeader[i], `column ${i}`);
  // Every row the table shows is in the export with the same cells; its cost cell shows the export's figures.
  const table = await page.$$eval('#candidates tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.cloneNode(true)).map((td) => {
    for (const b of td.querySelectorAll('button')) b.remove();
    return td.innerText.trim();
  })));
  assert.ok(table.length > 0);
  for (const cells of table) {
    const row = rows.find((r) => r[0] === cells[0]);
    assert.ok(row, `rank ${cells[0]} exported`);
    assert.deepEqual(row.slice(1, 7), cells.slice(1, 7), `rank ${cells[0]}`);
    const [amount, plan] = cells[7].split('\n');
    assert.equal(plan, row[7]);
    // A service: the month's cost, in yuan, as the table rounds it.
    assert.ok(amount.includes(row[9]) && /¥/.test(amount) && row[8] === '', `${amount} vs ${row[9]}`);
    assert.match(row[9], /^[\d,]+\.\d{2}$/);
  }
  const json = JSON.parse(await download(page, '#export-json'));
  assert.deepEqual([json.currency.code, json.currency.unitsPerUsd, json.currency.date], ['CNY', 7.1286, '2024-10-24']);
  assert.deepEqual(json.columns, header);
  assert.equal(json.candidates[0].perMonth, Math.round(json.candidates[0].perMonth * 100) / 100);
  assert.deepEqual(problems, []);
});

test('prices listed in CNY show the published figure beside the converted one, in both languages and the exports', async () => {
  const amount = (text) => Number(/[\d,]+(?:\.\d+)?/.exec(text)[0].replaceAll(',', ''));
  for (const lang of ['en', 'zh-CN']) {
    const { page, problems } = await openPage(session, `/?v=1&lang=${lang}&w.kind=finetune&w.model=qwen2.5-7b&w.method=lora&w.tokens=200M&w.accelerator=L4&c.providers=alibaba,aws-cn`,
      { viewport: { width: 1400, height: 900 } });
    await settled(page);
    const listLine = lang === 'en' ? /list (CN)?¥([\d,]+\.\d+)\/\u2060h/ : /每小时公布价 ¥([\d,]+\.\d+)/;
    // The results: each row's cost cell in US$, the hourly list price in yuan under it, the rate in its tooltip.
    const cells = await page.$$eval('#candidates tbody tr td.price', (tds) => tds.map((td) => ({ text: td.textContent, title: td.title })));
    assert.ok(cells.length > 0);
    for (const cell of cells) {
      assert.match(cell.text, /\$/, cell.text);
      assert.match(cell.text, listLine, cell.text);
      assert.ok(cell.title.includes('7.1286') && cell.title.includes('2024-10-24'), cell.title);
    }
    // The offer list: the hourly price in US$ and, under it, as published; one is the other at the rate.
    await page.selectOption('#f-provider', 'alibaba');
    await page.waitForFunction(() => document.querySelector('#offers tbody tr')?.cells[0].textContent === 'alibaba');
    const offer = await page.$eval('#offers tbody tr td.price', (td) => ({ text: td.textContent, title: td.title }));
    const [converted, listed] = offer.text.split('\n');
    assert.match(converted, /\$/);
    assert.match(listed, listLine);
    assert.ok(Math.abs(amount(listed.replace(/^\D+/, '')) / amount(converted) - 7.1286) < 0.01, offer.text);
    assert.ok(offer.title.includes('7.1286'), offer.title);
    // The exports: a column with the published figure and its currency code.
    const [header, ...rows] = parseCsv((await download(page, '#export-csv')).replace(/^\uFEFF/, ''));
    assert.equal(header.at(-1), lang === 'en' ? 'List price per hour, as published' : '公布价格（每小时，原币种）');
    for (const row of rows) assert.match(row.at(-1), /^[\d,]+(\.\d+)? CNY$/, row.join(' | '));
    const json = JSON.parse(await download(page, '#export-json'));
    const first = json.candidates[0];
    assert.equal(first.listPrice.currency, 'CNY');
    assert.equal(first.listPrice.unitsPerUsd, 7.1286);
    assert.ok(Math.abs(first.listPrice.perHour / first.usdPerHour / first.instances - 7.1286) < 0.01
      || Math.abs(first.listPrice.perHour / first.usdPerHour - 7.1286) < 0.01, JSON.stringify(first));
    // Shown in CNY at the rate the list price was converted at, the line would repeat the figure: only the tooltip stays.
    await page.selectOption('#c-currency', 'CNY');
    await page.waitForFunction(() => document.documentElement.dataset.currency === 'CNY');
    const inYuan = await page.$eval('#candidates tbody tr td.price', (td) => ({ text: td.textContent, title: td.title }));
    assert.doesNotMatch(inYuan.text, listLine);
    assert.ok(inYuan.title.includes('7.1286'));
    assert.deepEqual(problems, []);
    await page.context().close();
  }
});
