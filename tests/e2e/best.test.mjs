// End-to-end: the best answer in one line, above the fold, in both languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

// The accelerator field sets the estimate panel's GPU, not the ranking: the first row may be any GPU.
const SERVE = 'v=1&w.kind=inference&w.model=llama-3.1-70b&w.mode=online&w.requestsPerSecond=20&w.precision=fp8&w.accelerator=H100';

async function best(page) {
  await page.waitForFunction(() => /^(Best|最佳)/.test(document.querySelector('#best-answer').textContent));
  return page.evaluate(() => {
    const node = document.querySelector('#best-answer');
    const box = node.getBoundingClientRect();
    const first = document.querySelector('#candidates tbody tr');
    return {
      // Lines: the distinct tops of the text's boxes.
      lines: new Set([...(() => { const r = document.createRange(); r.selectNodeContents(node); return r.getClientRects(); })()].map((b) => Math.round(b.top))).size,
      text: node.textContent, top: box.top, bottom: box.bottom,
      instance: first.cells[2].firstChild.textContent, provider: first.cells[1].textContent,
    };
  });
}

test('at 1400×900 the best answer is one line inside the first screen, naming the first recommendation', async () => {
  const { page, problems } = await openPage(session, `/?${SERVE}`, { viewport: { width: 1400, height: 900 } });
  const shown = await best(page);
  assert.ok(shown.top >= 0 && shown.bottom <= 900, `box ${shown.top}–${shown.bottom}`);
  assert.match(shown.text, /^Best: \d+ × \S+ \S+ \(\d+× \S+\), .+ per month \(.+\); fits with [\d.,]+\sGiB per GPU to spare\.$/);
  assert.ok(shown.text.includes(`${shown.provider} ${shown.instance}`), `${shown.text} / ${shown.provider} ${shown.instance}`);
  assert.equal(shown.lines, 1, shown.text);
  // A job: its total and how long it takes.
  await page.click('[data-scenario="lora"]');
  await page.waitForFunction(() => document.querySelector('#best-answer').textContent.includes('done in'));
  assert.match(await page.textContent('#best-answer'), /^Best: \d+ × \S+ \S+ \(\d+× \S+\), .+ \(.+\), done in [\d.,]+\sh; fits with [\d.,]+\sGiB per GPU to spare\.$/);
  // A wrong field: the line keeps its place and says what it waits for.
  await page.fill('#w-tokens', 'abc');
  await page.waitForFunction(() => document.querySelector('#best-answer').classList.contains('waiting'));
  assert.deepEqual(problems, []);
});

test('the best answer in Chinese, above the fold too', async () => {
  const { page, problems } = await openPage(session, `/?${SERVE}&lang=zh-CN`, { viewport: { width: 1400, height: 900 } });
  const shown = await best(page);
  assert.ok(shown.bottom <= 900);
  assert.match(shown.text, /^最佳：\d+ × \S+ \S+（\d+× \S+），每月 .+（.+）；每个 GPU 尚余 [\d.,]+\sGiB 显存。$/);
  assert.deepEqual(problems, []);
});
