// End-to-end: on a 360 px phone and printed on A4, no figure is split across lines.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const SERVE = 'v=1&w.kind=inference&w.model=llama-3.1-70b&w.mode=online&w.requestsPerSecond=20&w.precision=fp8&w.accelerator=H100';

/**
 * Every figure shown (an amount with its currency sign, a number with its unit)
 * whose glyphs sit on more than one line: measured on the laid-out DOM, from
 * the boxes of each figure's text range.
 */
const splitFigures = (page) => page.evaluate(() => {
  // A figure stands alone: digits inside a name ("H100", "1xH200_141GB") are the name's.
  const FIGURE = /(?<![\w.\-])(?:US\$|CN¥|€|\$|¥)?\d[\d,.]*(?![\w])(?:\u00a0(?:h|GiB|GB|kWh|ms|W|kW|TFLOPS)\b)?/g;
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  const split = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('[hidden], details:not([open]) > :not(summary), script, style, option, textarea')) continue;
    if (getComputedStyle(parent).display === 'none' || !parent.getClientRects().length) continue;
    for (const m of node.textContent.matchAll(FIGURE)) {
      if (m[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)));
      if (tops.size > 1) split.push(`${m[0]} in “${node.textContent.slice(0, 80)}”`);
    }
  }
  return [...new Set(split)];
});

test('at 360 px no figure is split across lines', async () => {
  const { page, problems } = await openPage(session, `/?${SERVE}`, { viewport: { width: 360, height: 800 } });
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  assert.deepEqual(await splitFigures(page), []);
  await page.click('[data-scenario="lora"]');
  await page.waitForFunction(() => document.querySelector('#best-answer').textContent.includes('done in'));
  assert.deepEqual(await splitFigures(page), []);
  assert.deepEqual(problems, []);
});

test('printed on A4 no figure is split across lines', async () => {
  // A4 at 96 dpi less 12 mm margins: 210 mm − 24 mm = 186 mm ≈ 703 px.
  const { page, problems } = await openPage(session, `/?${SERVE}`, { viewport: { width: 703, height: 1000 } });
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  await page.emulateMedia({ media: 'print' });
  assert.deepEqual(await splitFigures(page), []);
  // The PDF itself is made (the print stylesheet lays it out without error).
  const pdf = await page.pdf({ format: 'A4' });
  assert.ok(pdf.length > 10_000);
  assert.deepEqual(problems, []);
});
