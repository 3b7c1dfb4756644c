// The field table (www/js/fields.js): the forms are drawn from it, one number
// reader serves every form, and the requests are built from it alone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

const www = new URL('../../www/', import.meta.url);
const { FIELDS, readNumber, requestFrom } = await import(new URL('js/fields.js', www));
const { recommendRequest } = await import(new URL('js/scenario.js', www));

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

test('one number reader: scientific, grouped, scaled and Chinese scales; other text passed on', () => {
  const cases = [['2e3', 2000], ['1,000', 1000], ['200M', 2e8], ['200 million', 2e8], ['2亿', 2e8], ['1.5', 1.5],
    ['3万', 3e4], ['-5', -5], ['1T', 1e12], ['.5', 0.5]];
  for (const [text, number] of cases) assert.equal(readNumber(text), number, text);
  for (const text of ['abc', '1,00', '12 apples', '', '-', '1e']) assert.equal(readNumber(text), text.trim(), text);
});

test('the table has unique names and ids, and every request path comes from it', () => {
  const names = FIELDS.map((f) => f.name);
  const ids = FIELDS.map((f) => f.id);
  assert.equal(new Set(names).size, names.length, 'names are unique');
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  const request = recommendRequest({
    'w.kind': 'inference', 'w.requestsPerSecond': '1,000', 'c.rank': 'fastest', 'c.storageGb': '2e3',
    'c.loadBaseInstances': '1', 'c.loadPeakInstances': '3', 'c.loadPeakHoursPerDay': '8',
    'c.apiInputUsdPerMTok': '0.5', 'c.providers': 'aws, azure', 'c.plan': 'spot', 'c.budgetUsd': '10k',
  }, 7);
  assert.deepEqual(request, {
    workload: { kind: 'inference', requestsPerSecond: 1000 },
    constraints: { providers: ['aws', 'azure'], budgetUsd: 10000 },
    priorities: { limit: 7, rank: 'fastest' },
    pricing: {
      storage: [{ kind: 'object', gb: 2000 }], load: { baseInstances: 1, peakInstances: 3, peakHoursPerDay: 8 },
      apiPrice: { inputUsdPerMTok: 0.5 }, plan: 'spot',
    },
  });
  assert.deepEqual(requestFrom({ priceUsd: '250k', years: '3', rentOfferId: '1e3' }), { server: { priceUsd: 250000 }, years: 3, rentOfferId: '1e3' });
});

test('every field of the table is drawn with its id, label and error slot', async () => {
  const { page, problems } = await openPage(session);
  const drawn = await page.evaluate(async () => {
    const { FIELDS } = await import('/js/fields.js');
    return FIELDS.map((f) => {
      const el = document.getElementById(f.id);
      return {
        id: f.id,
        present: Boolean(el),
        named: f.inLink === false || el?.name === f.name,
        labelled: Boolean(document.querySelector(`label[for="${f.id}"]`) || el?.closest('label')),
        slot: !f.error || Boolean(el?.closest('.field')?.querySelector(`[data-error-for="${f.error}"]`)),
      };
    });
  });
  for (const d of drawn) assert.deepEqual(d, { id: d.id, present: true, named: true, labelled: true, slot: true });
  // Every input of the page but the user-prices panel's (www/js/user-prices.js draws those).
  assert.ok(drawn.length >= 78, `${drawn.length} fields`);
  assert.deepEqual(problems, []);
});

test('"1,000" and "8e1" read the same in the offer filter as "1000" and "80"', async () => {
  const { page, problems } = await openPage(session);
  const countFor = async (selector, text) => {
    await page.fill(selector, text);
    await page.waitForFunction(() => !document.querySelector('#form-error').hidden || document.querySelector('#result-count').textContent);
    return page.textContent('#result-count');
  };
  const plain = await countFor('#f-min-gpu-memory', '1000');
  assert.equal(await countFor('#f-min-gpu-memory', '1,000'), plain);
  await page.fill('#f-min-gpu-memory', '');
  const eighty = await countFor('#f-min-memory-per-gpu', '80');
  assert.equal(await countFor('#f-min-memory-per-gpu', '8e1'), eighty);
  assert.equal(await page.isVisible('#form-error'), false);
  assert.deepEqual(problems, []);
});

test('a mixture-of-experts training estimate names its dispatch, and the advanced field states it', async () => {
  const link = '/?v=1&w.kind=pretrain&w.model=qwen3-30b-a3b&w.tokens=1e11&w.gpus=8&w.accelerator=H100';
  const { page, problems } = await openPage(session, link);
  const notes = () => page.textContent('#estimate-notes');
  await page.waitForFunction(() => /expertDispatch/.test(document.querySelector('#estimate-notes').textContent));
  assert.match(await notes(), /range's fast end assumes a stack that never waits/);
  await page.click('#advanced > summary');
  await page.selectOption('#w-dispatch', 'device');
  // On the device there is no host wait to note, and the link keeps the choice.
  await page.waitForFunction(() => !/expertDispatch/.test(document.querySelector('#estimate-notes').textContent));
  await page.waitForFunction(() => new URL(location.href).searchParams.get('w.expertDispatch') === 'device');
  await page.selectOption('#w-dispatch', 'host-synchronized');
  await page.waitForFunction(() => /set expertDispatch to device/.test(document.querySelector('#estimate-notes').textContent));
  assert.deepEqual(problems, []);
});

test('a mixture-of-experts layout across nodes names its all-to-all, and the advanced field states it', async () => {
  // Qwen3 235B-A22B on 16 H100: the search's best layout spreads the experts over both nodes.
  const link = '/?v=1&w.kind=pretrain&w.model=qwen3-235b-a22b&w.tokens=1e11&w.gpus=16&w.accelerator=H100';
  const { page, problems } = await openPage(session, link);
  await page.waitForFunction(() => /expertAllToAll/.test(document.querySelector('#estimate-notes').textContent));
  assert.match(await page.textContent('#estimate-notes'), /spans 2 nodes/);
  await page.click('#advanced > summary');
  await page.selectOption('#w-all-to-all', 'per-node');
  // Stated, there is nothing left to note, and the link keeps the choice.
  await page.waitForFunction(() => !/expertAllToAll/.test(document.querySelector('#estimate-notes').textContent));
  await page.waitForFunction(() => new URL(location.href).searchParams.get('w.expertAllToAll') === 'per-node');
  assert.deepEqual(problems, []);
});
