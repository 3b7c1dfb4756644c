// The page under hostile input: links with broken encoding, markup or huge
// values, and binary or formula-laden catalog files. Each shows a message,
// keeps the page working, and never becomes markup.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const MARKUP = '<img src=x onerror="window.__pwned=1">';

test('hostile links never break the page, never become markup, and fall back to a working scenario', async () => {
  const links = [
    '/?v=1&w.kind=finetune&w.model=%E0%A4%A&w.tokens=%%%',
    `/?v=1&w.kind=finetune&w.model=${encodeURIComponent(MARKUP)}&w.tokens=200M`,
    `/?v=1&w.kind=raw&w.gpuMemoryGib=1e400&w.gpuCount=${'9'.repeat(5000)}`,
    `/?v=1&w.kind=${encodeURIComponent(MARKUP)}`,
    `/?provider=${encodeURIComponent(MARKUP)}&text=${'x'.repeat(8000)}`,
  ];
  for (const link of links) {
    const { page, problems } = await openPage(session, link);
    // The page computes something: results, or a message next to the bad field.
    await page.waitForSelector('#candidates tbody tr, [data-error-for]:not(:empty), #recommend-empty:not([hidden])');
    assert.equal(await page.evaluate(() => window.__pwned), undefined, link);
    assert.equal(await page.$('main img, #recommend img, #offers img'), null, link);
    assert.deepEqual(problems.filter((p) => !p.startsWith('console:')), [], link);
    await page.context().close();
  }
});

test('a binary file and a catalog with formula cells are read as data, never run or rendered', async () => {
  const { page, problems } = await openPage(session, '/?provider=mine');
  await page.click('#user-prices summary');
  const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
  await page.setInputFiles('#f-catalog-file', { name: 'blob.csv', mimeType: 'text/csv', buffer: binary });
  await page.waitForFunction(() => document.querySelector('[data-error-for="file"]')?.textContent !== '');
  assert.match(await page.textContent('[data-error-for="file"]'), /blob\.csv/);
  // A formula in a cell stays text: it is listed as written, and exported inert.
  const formula = "=cmd|' /C calc'!A0";
  const csv = `provider,instance,region,accelerator,gpuCount,onDemand\nmine,"${formula}",eastus,L4,1,0.5\n`;
  await page.setInputFiles('#f-catalog-file', { name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.waitForFunction((f) => document.querySelector('#offers')?.textContent.includes(f), formula);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  const { csvCell } = await import('../../www/js/export.js');
  assert.equal(csvCell(formula), `'${formula}`);
  assert.deepEqual(problems.filter((p) => !p.startsWith('console:')), []);
});
