// End-to-end (issue 20): saved prices never brick the page, a full storage
// says what was not saved, files are accepted only if every call accepts
// them, and "Export my prices" imports back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

/** A page whose local storage holds `saved` on its first load only. */
async function pageWith(saved, init = null) {
  const context = await session.browser.newContext();
  await context.addInitScript(([value]) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('gpuplan.userPrices.v1', value);
  }, [saved]);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(session.url('/'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  return { context, page, problems };
}

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('gpuplan.userPrices.v1') ?? 'null'));

test('a bad saved entry is dropped with a notice and the rest kept', async () => {
  const { context, page, problems } = await pageWith(JSON.stringify({ customOffers: [{}], discounts: { azure: 10, aws: 'lots' } }));
  await page.waitForSelector('#candidates tbody tr', { timeout: 20000 });
  const notice = await page.textContent('#prices-notice');
  assert.match(notice, /removed: .*customOffers\[0\]/, notice);
  assert.match(notice, /discounts\.aws/, notice);
  const saved = await stored(page);
  assert.deepEqual(saved.discounts, { azure: 10 }, 'the valid discount is kept');
  assert.deepEqual(saved.customOffers, []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('reset is reachable and removes everything saved', async () => {
  const { context, page, problems } = await pageWith(JSON.stringify({ discounts: { azure: 10 } }));
  await page.waitForSelector('#candidates tbody tr', { timeout: 20000 });
  // The panel opens by itself when prices are saved.
  await page.evaluate(() => { document.querySelector('#user-prices').open = true; });
  await page.click('#reset-prices');
  assert.equal(await stored(page), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a full storage says what was not saved', async () => {
  const { context, page, problems } = await pageWith('{}', () => {
    Storage.prototype.setItem = function setItem() { throw new DOMException('full', 'QuotaExceededError'); };
  });
  await page.waitForSelector('#candidates tbody tr', { timeout: 20000 });
  await page.click('#user-prices summary');
  await page.fill('#discount-fields input >> nth=0', '12');
  await page.waitForFunction(() => !document.querySelector('#prices-notice').hidden);
  assert.match(await page.textContent('#prices-notice'), /Not saved .*12%/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('files every call would refuse are refused at import; BOMs, Latin-1 and exports are read', async () => {
  const { context, page, problems } = await pageWith('{}');
  await page.waitForSelector('#candidates tbody tr', { timeout: 20000 });
  await page.click('#user-prices summary');
  const fileError = '[data-error-for="file"]';
  const importFile = async (name, text, encoding = 'utf8') => {
    await page.evaluate((sel) => { document.querySelector(sel).textContent = ''; document.querySelector('#custom-status').textContent = ''; }, fileError);
    await page.setInputFiles('#f-catalog-file', { name, mimeType: 'text/plain', buffer: Buffer.from(text, encoding) });
    await page.waitForFunction((sel) => document.querySelector(sel).textContent !== ''
      || document.querySelector('#custom-status').textContent !== '', fileError);
    return { error: await page.textContent(fileError), status: await page.textContent('#custom-status') };
  };
  const header = 'provider,instance,region,accelerator,gpuCount,onDemand,currency\n';
  // EUR: the page has no EUR rate, so every call would refuse it.
  let r = await importFile('eur.csv', `${header}mine,box,eastus,L4,1,0.5,EUR\n`);
  assert.match(r.error, /eur\.csv: .*EUR/i, r.error);
  assert.equal((await stored(page))?.customOffers?.length ?? 0, 0, 'nothing refused is saved');
  // Duplicate ids.
  r = await importFile('dup.csv', `${header}mine,box,eastus,L4,1,0.5,USD\nmine,box,eastus,L4,1,0.6,USD\n`);
  assert.notEqual(r.error, '', 'duplicate ids are refused');
  // A JSON file with a BOM is accepted.
  r = await importFile('bom.json', '\ufeff[{"provider":"mine","instance":"box","region":"eastus","accelerator":"L4","gpuCount":1,"onDemand":0.5}]');
  assert.equal(r.error, '');
  assert.match(r.status, /bom\.json: 1 offer/);
  // Latin-1 is read as such, and said.
  r = await importFile('latin1.csv', `${header}mine,caf\xe9,eastus,L4,1,0.5,USD\n`, 'latin1');
  assert.equal(r.error, '');
  assert.match(await page.textContent('#prices-notice'), /Windows-1252/);
  // "Export my prices" imports back.
  const exported = JSON.stringify({ discounts: { azure: 7 }, overrides: {}, exchangeRates: {}, customOffers: [] }, null, 2);
  await page.setInputFiles('#f-catalog-file', { name: 'gpuplan-my-prices.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  await page.waitForFunction(() => /exported prices/.test(document.querySelector('#prices-notice').textContent));
  assert.deepEqual((await stored(page)).discounts, { azure: 7 });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a UTF-16 price file (LE or BE, with a BOM or without) is decoded and says so, never a garbled column error', async () => {
  const { context, page, problems } = await pageWith('{}');
  await page.waitForSelector('#candidates tbody tr', { timeout: 20000 });
  await page.click('#user-prices summary');
  const text = 'provider,instance,region,accelerator,gpuCount,onDemand,currency\nmine,café-机柜,eastus,L4,1,0.5,USD\n';
  /** UTF-16 bytes of `text`, little- or big-endian, with or without the byte-order mark. */
  const utf16 = (bigEndian, bom) => {
    const le = Buffer.from(`${bom ? '\ufeff' : ''}${text}`, 'utf16le');
    return bigEndian ? le.swap16() : le;
  };
  for (const [name, bigEndian, bom, encoding] of [
    ['le-bom.csv', false, true, 'UTF-16LE'], ['be-bom.csv', true, true, 'UTF-16BE'],
    ['le.csv', false, false, 'UTF-16LE'], ['be.csv', true, false, 'UTF-16BE'],
  ]) {
    await page.evaluate(() => { document.querySelector('[data-error-for="file"]').textContent = ''; document.querySelector('#custom-status').textContent = ''; });
    await page.setInputFiles('#f-catalog-file', { name, mimeType: 'text/csv', buffer: utf16(bigEndian, bom) });
    await page.waitForFunction(() => document.querySelector('[data-error-for="file"]').textContent !== ''
      || document.querySelector('#custom-status').textContent !== '');
    assert.equal(await page.textContent('[data-error-for="file"]'), '', `${name}: no error`);
    assert.match(await page.textContent('#custom-status'), new RegExp(`${name.replace('.', '\\.')}: 1 offer`));
    assert.equal(await page.textContent('#prices-notice'), `${name} is not UTF-8: read as ${encoding}.`);
    // Decoded, not garbled: the name with its accents and Chinese characters, no BOM in the first column.
    const [offer] = (await stored(page)).customOffers;
    assert.equal(offer.provider, 'mine', name);
    assert.equal(offer.instance, 'café-机柜', name);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
