// End-to-end: keyboard use, axe-core checks in light, dark, error and Chinese
// states, export of the results, the print layout and the table widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openPage, startSession } from './browser.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

/** axe-core's serious and critical violations, as "rule: selector" lines. */
async function axeViolations(page) {
  // Evaluated through the debugging protocol: the page's CSP does not apply.
  await page.evaluate(AXE);
  const result = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`));
}

test('the axe check can fail: low-contrast text is reported', async () => {
  const { page } = await openPage(session, '/?v=1&w.kind=devtest&w.hoursPerMonth=80');
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.textContent = 'faint';
    p.style.color = '#bbb';
    p.style.background = '#fff';
    document.body.append(p);
  });
  assert.ok((await axeViolations(page)).some((v) => v.startsWith('color-contrast')));
  await page.context().close();
});

const STATES = [
  ['light', '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.tokens=200M&w.accelerator=L4', 'light'],
  ['dark', '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.accelerator=H100&w.requestsPerSecond=20', 'dark'],
  ['zh-CN', '/?v=1&lang=zh-CN&w.kind=hpc&w.workTflop=1.8e6&w.accelerator=A100-80GB', 'light'],
  ['error (stale results)', '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.tokens=200M&w.accelerator=L4', 'dark'],
];

for (const [name, path, colorScheme] of STATES) {
  test(`axe-core finds no serious or critical violation: ${name}`, async () => {
    const { page } = await openPage(session, path, { colorScheme });
    await page.waitForSelector('#candidates tbody tr');
    if (name.startsWith('error')) {
      await page.fill('#w-tokens', '-5');
      await page.waitForSelector('#estimate-result.stale');
      await page.fill('#c-deadline', 'soon');
      await page.waitForSelector('#recommend.stale-results');
    }
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });
}

test('keyboard only: from an example to an offer\'s details, which stay open', async () => {
  const { page, problems } = await openPage(session, '/');
  await page.focus('[data-scenario="serve70b"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#compute-list').textContent.includes('Replicas'));
  // Tab on until a recommended server row has focus.
  let presses = 0;
  while (!(await page.evaluate(() => document.activeElement?.closest?.('#candidates tbody tr') !== null
    && document.activeElement?.tagName === 'TR'))) {
    await page.keyboard.press('Tab');
    presses += 1;
    assert.ok(presses < 80, 'a candidate row is reachable with Tab');
  }
  // Focus is visible: an outline is drawn.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#offer-detail[open]');
  // Still open a moment later (it used to close on the same key press).
  await page.waitForTimeout(300);
  assert.equal(await page.isVisible('#offer-detail'), true);
  assert.match(await page.textContent('#detail-title'), /·/);
  // The user can type a price there.
  await page.keyboard.type('1');
  await page.keyboard.press('Escape');
  assert.equal(await page.isVisible('#offer-detail'), false);
  assert.deepEqual(problems, []);
});

test('result changes are announced in one polite live region, and errors are tied to their input', async () => {
  const { page } = await openPage(session, '/?v=1&w.kind=devtest&w.hoursPerMonth=80');
  assert.match(await page.textContent('#recommend-announce'), /offers fit; first: /);
  assert.equal(await page.getAttribute('#recommend-announce', 'aria-live'), 'polite');
  const described = await page.getAttribute('#w-hours', 'aria-describedby');
  await page.fill('#w-hours', '-1');
  await page.waitForFunction(() => document.querySelector('#w-hours').getAttribute('aria-invalid') === 'true');
  assert.notEqual(await page.textContent(`#${described}`), '');
});

test('an empty result says what to relax', async () => {
  const { page } = await openPage(session, '/?v=1&w.kind=raw&w.gpuMemoryGib=80&w.gpuCount=1&w.hours=100&c.budgetUsd=1');
  await page.waitForSelector('#recommend-empty:not([hidden])');
  assert.match(await page.textContent('#recommend-empty'), /^No offer fits every constraint\. Most were left out because: [^.]+ \([\d,]+\)[,.]/);
  // Every reason, the budget among them, is counted in words in the why-not list.
  assert.match(await page.textContent('#why-not-groups'), /over the budget: [\d,]+/);
});

test('CSV and JSON export hold the shown candidates, formulas neutralised', async () => {
  const { page } = await openPage(session, '/?v=1&w.kind=raw&w.gpuMemoryGib=80&w.gpuCount=8&w.hours=100&c.providers=azure&c.regions=eastus');
  await page.waitForSelector('#candidates tbody tr');
  const read = async (button) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    return Buffer.concat(await (await file.createReadStream()).toArray()).toString();
  };
  const csv = await read('#export-csv');
  assert.ok(csv.startsWith('\uFEFF'), 'a byte-order mark for spreadsheets');
  const lines = csv.slice(1).trim().split('\r\n');
  assert.equal(lines[0], '#,Provider,Instance,Region,Accelerator,Instances × GPUs,Time,Plan,Total (USD),Per month (USD),Per hour (USD),Why,Price source,"List price per hour, as published"');
  assert.equal(lines.length - 1, await page.locator('#candidates tbody tr').count());
  // ND96isr H100 v5 in East US, 100 h on demand: $98.32/h, $10,323.60 with 5 % virtualization overhead.
  assert.ok(lines.some((l) => l.includes('Standard_ND96isr_H100_v5,East US') && l.includes(',On-demand,"10,323.60",,98.32,')), lines.join('\n'));
  const json = JSON.parse(await read('#export-json'));
  assert.match(json.scenario, /^v=1&/);
  assert.equal(json.candidates[0].rank, 1);
  // A catalog string starting with a formula character is made inert.
  const { csvCell } = await import('../../www/js/export.js');
  assert.equal(csvCell('=cmd|\' /C calc\'!A0'), '\'=cmd|\' /C calc\'!A0');
  assert.equal(csvCell('-2+3'), '\'-2+3');
  assert.equal(csvCell('@SUM(A1)'), '\'@SUM(A1)');
  assert.equal(csvCell(-5), '-5', 'numbers stay numbers');
  assert.equal(csvCell('a,"b"'), '"a,""b"""');
});

test('the results table fits its box at 1400, 1280 and 360 px', async () => {
  for (const width of [1400, 1280, 360]) {
    const { page } = await openPage(session, '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.accelerator=H100&w.requestsPerSecond=20&c.providers=azure,aws,gcp',
      { viewport: { width, height: 900 } });
    await page.waitForSelector('#candidates tbody tr');
    const [table, box] = await page.evaluate(() => [
      document.querySelector('#candidates').scrollWidth, document.querySelector('#candidates').parentElement.clientWidth]);
    assert.ok(table <= box, `${width} px: table ${table} px in a ${box} px box`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width} px: no sideways page scroll`);
    await page.context().close();
  }
});

test('printed, the report fits the width of an A4 page', async () => {
  const { page } = await openPage(session, '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.accelerator=H100&w.requestsPerSecond=20',
    { viewport: { width: 718, height: 1000 } }); // 210 mm − 2 × 12 mm margins at 96 px per inch
  await page.waitForSelector('#candidates tbody tr');
  await page.emulateMedia({ media: 'print' });
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    candidates: document.querySelector('#candidates').scrollWidth,
    offersShown: getComputedStyle(document.querySelector('#offers').closest('section')).display,
  }));
  assert.ok(widths.page <= 718 && widths.candidates <= 718, JSON.stringify(widths));
  assert.equal(widths.offersShown, 'none', 'the catalog browser is not printed');
  const pdf = await page.pdf({ format: 'A4' });
  assert.ok(pdf.length > 10000);
});

test('field errors read in the page language, with readable numbers', async () => {
  const { page } = await openPage(session, '/?v=1&lang=zh-CN&w.kind=finetune&w.model=qwen2.5-7b&w.tokens=200M&w.accelerator=L4');
  // Input is recomputed on the next animation frame: each check waits for that frame's error
  // to change (up to the default timeout), then asserts its text.
  const error = async (before) => {
    await page.waitForFunction((previous) => document.querySelector('[data-error-for="workload.tokens"]').textContent !== previous, before)
      .catch(() => {});
    return page.textContent('[data-error-for="workload.tokens"]');
  };
  await page.fill('#w-tokens', 'abc');
  const notANumber = await error('');
  assert.equal(notANumber, '必须是数字');
  await page.fill('#w-tokens', '-5');
  assert.match(await error(notANumber), /^必须介于 0 与 1E18 之间，当前为 -5$/);
  assert.equal(await page.inputValue('#w-tokens'), '-5');
});

test('the layout does not jump while the engine starts (cumulative layout shift under 0.1)', async () => {
  const context = await session.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(session.url('/'));
  await page.waitForSelector('#candidates tbody tr');
  // Two frames: shifts are reported after layout.
  const shift = await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(window.layoutShift)))));
  assert.ok(shift < 0.1, `layout shift ${shift}`);
  await context.close();
});
