// Train, then serve (issue 16): the fine-tune form's "then serve" part sends `phases`,
// the answer shows each phase's cost and the project's total, a reload keeps it,
// and the Chinese page says it in Chinese.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const LORA = '/?v=1&w.kind=finetune&w.method=lora&w.model=qwen2.5-7b&w.tokens=200M';

/** The phases box as text, once it shows. */
async function phasesShown(page) {
  await page.waitForFunction(() => {
    const box = document.querySelector('#phases-answer');
    return box && !box.hidden && box.querySelectorAll('li.phase').length === 2;
  });
  return page.evaluate(() => ({
    phases: [...document.querySelectorAll('#phases-answer li.phase')].map((li) => li.textContent),
    total: document.querySelector('#phases-answer .phase-total').textContent,
  }));
}

test('fill "then serve", see the two phases and the total; a reload keeps them', async () => {
  const { page, problems } = await openPage(session, LORA);
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  assert.equal(await page.$eval('#phases-answer', (b) => b.hidden), true, 'no phases until asked');
  await page.check('#p-serve');
  await page.fill('#p-serve-rps', '2');
  await page.fill('#p-serve-months', '6');
  const shown = await phasesShown(page);
  assert.match(shown.phases[0], /^Train: .+\/.+, .+, \$[\d,.]+ over [\d,.]+\sh$/);
  assert.match(shown.phases[1], /^Serve: .+\/.+, .+, \$[\d,.]+ over [\d,.]+\sh$/);
  assert.match(shown.total, /^Project total: \$[\d,.]+ over [\d,.]+\sh$/);
  // The total is the phases' sum, as the engine gives it.
  const answer = await page.evaluate(async () => {
    const { servePhases } = await import('/js/scenario.js');
    const { valuesOf } = await import('/js/fields.js');
    const { buildRequest } = await import('/js/recommend.js');
    const engine = await import('/pkg/gpuplan.js');
    const form = document.querySelector('#estimate-form');
    const request = buildRequest(form, document.querySelector('#constraints-form'));
    request.phases = servePhases(valuesOf(form), request.workload);
    return engine.recommend(request).phases;
  });
  assert.equal(answer.phases.length, 2);
  const sum = answer.phases.reduce((s, p) => s + p.cost.total, 0);
  assert.ok(Math.abs(sum - answer.project.total) < 1e-6 * sum, `${sum} vs ${answer.project.total}`);
  // Six months of serving: the serve phase's hours are 6 × 730.
  assert.ok(Math.abs(answer.phases[1].cost.hours - 6 * 730) < 1e-6, String(answer.phases[1].cost.hours));
  // The scenario link keeps the phase fields; a reload shows the same phases.
  await page.waitForFunction(() => location.search.includes('thenServe=1') || location.search.includes('z='));
  await page.reload();
  const again = await phasesShown(page);
  assert.deepEqual(again, shown);
  assert.equal(await page.isChecked('#p-serve'), true);
  assert.equal(await page.inputValue('#p-serve-rps'), '2');
  assert.deepEqual(problems, []);
});

test('the phases in Chinese', async () => {
  const { page, problems } = await openPage(session, `${LORA}&thenServe=1&serveRps=2&serveMonths=6&lang=zh-CN`);
  const shown = await phasesShown(page);
  assert.match(shown.phases[0], /^训练：/);
  assert.match(shown.phases[1], /^推理服务：/);
  assert.match(shown.total, /^项目合计：/);
  assert.match(await page.textContent('#phases-answer h3'), /先训练，再部署/);
  assert.match(await page.textContent('label[for="p-serve"]'), /训练后部署为在线服务/);
  assert.deepEqual(problems, []);
});

test('a serving kind shows no "then serve" part', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=inference&w.model=llama-3.1-8b&w.requestsPerSecond=2&thenServe=1&serveRps=2');
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  assert.equal(await page.$eval('#p-serve', (el) => el.closest('[hidden]') !== null), true);
  assert.equal(await page.$eval('#phases-answer', (b) => b.hidden), true);
  assert.deepEqual(problems, []);
});
