// End-to-end advice (issue 16): "does it need a GPU?" leads the recommendation when a GPU
// will not pay off; under a deadline the estimate shows the layout the ranking chose.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

// Scenario 10 of docs/SCENARIOS.md: 60% serial, 4 GiB copied per 10 s step.
const NO_GPU = 'v=1&w.kind=hpc&w.precision=fp64&w.workTflop=3600&g.parallelFraction=0.4&g.cpuSecondsPerStep=10&g.transferGibPerStep=4';

test('the verdict sits above the table and labels the rows "if you use a GPU anyway"', async () => {
  const { page, problems } = await openPage(session, `/?${NO_GPU}`);
  await page.waitForFunction(() => document.querySelector('#recommend-verdict')?.textContent);
  const shown = await page.evaluate(() => {
    const v = document.querySelector('#recommend-verdict');
    const table = document.querySelector('#candidates');
    return {
      text: v.textContent,
      hidden: v.hidden,
      above: Boolean(v.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING),
      rows: document.querySelectorAll('#candidates tbody tr').length,
    };
  });
  assert.equal(shown.hidden, false);
  assert.match(shown.text, /^A GPU will not pay off: 60% of the work is serial.+If you use a GPU anyway/);
  assert.ok(shown.above, 'the verdict comes before the table');
  assert.ok(shown.rows > 0, 'the candidates still follow');
  assert.deepEqual(problems, []);
  // Without the check there is no verdict.
  const plain = await openPage(session, `/?${NO_GPU.replace(/&g\..*$/, '')}`);
  await plain.page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  assert.equal(await plain.page.$eval('#recommend-verdict', (v) => v.hidden), true);
  assert.deepEqual(plain.problems, []);
});

test('the verdict in Chinese', async () => {
  const { page, problems } = await openPage(session, `/?${NO_GPU}&lang=zh-CN`);
  await page.waitForFunction(() => document.querySelector('#recommend-verdict')?.textContent);
  assert.match(await page.textContent('#recommend-verdict'), /^不值得使用 GPU.+如果仍然使用 GPU/);
  assert.deepEqual(problems, []);
});

test('under a deadline the estimate shows the GPUs and hours the ranking chose on its accelerator', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=pretrain&w.model=mistral-7b-v0.3&w.tokens=100B&w.accelerator=H100&c.deadlineHours=240');
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  const wall = await page.textContent('#compute-list dd[data-key="c.wallClock"]');
  const layout = await page.evaluate(async () => {
    const { buildRequest } = await import('/js/recommend.js');
    const engine = await import('/pkg/gpuplan.js');
    const request = buildRequest(document.querySelector('#estimate-form'), document.querySelector('#constraints-form'));
    return engine.recommend(request).deadline.layouts.find((l) => l.accelerator === 'H100');
  });
  assert.ok(layout && layout.hours <= 240, JSON.stringify(layout));
  assert.match(wall, /GPUs .+ as ranked for the 240\sh deadline$/);
  assert.ok(wall.includes(`on ${layout.gpus} GPUs`), `${wall} / ${layout.gpus}`);
  assert.deepEqual(problems, []);
});

test('a mixture of experts served on several GPUs says its attention runs data-parallel, in both languages and the export', async () => {
  const link = '/?v=1&w.kind=inference&w.model=llama-4-maverick&w.precision=fp8&w.accelerator=H100&w.requestsPerSecond=5';
  for (const [lang, label, value, layout] of [
    ['en', 'How a replica’s GPUs share attention', 'data-parallel (whole on each GPU)', 'DP attention, EP '],
    ['zh-CN', '副本内各 GPU 分担注意力的方式', '数据并行（每块 GPU 完整保存）', '注意力 DP，EP '],
  ]) {
    const { page, problems } = await openPage(session, `${link}&lang=${lang}`);
    await page.waitForSelector('#candidates tbody tr td.price');
    // In the estimate's details (folded until opened).
    const text = await page.$eval('#estimate-details', (d) => d.textContent);
    assert.ok(text.includes(label) && text.includes(value), `${lang}: the assumption and its value are named`);
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
    const csv = Buffer.concat(await (await file.createReadStream()).toArray()).toString();
    assert.ok(csv.includes(layout), `${lang}: ${csv.slice(0, 600)}`);
    assert.deepEqual(problems, []);
  }
});
