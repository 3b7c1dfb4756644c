// End-to-end: the abbreviations and column headers explain themselves: a tooltip
// (title) and the same words as the accessible description, in both languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

/** For each term: its tooltip, and the description its control is given. */
const terms = (page) => page.evaluate(() => [...document.querySelectorAll('[data-term]')].map((el) => {
  const control = el.tagName === 'LABEL' ? document.getElementById(el.htmlFor) : (el.querySelector('button') ?? el);
  const described = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '');
  return { term: el.dataset.term, title: el.title, described };
}));

test('every term and column header has a tooltip that is also its accessible description, in English and Chinese', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.requestsPerSecond=20&w.accelerator=H100');
  const en = await terms(page);
  const names = new Set(en.map((x) => x.term));
  for (const term of ['ttft', 'itl', 'mfu', 'blended', 'layout', 'time', 'cost', 'why', 'gpuMemory', 'vcpu', 'price', 'pricePerGpu']) {
    assert.ok(names.has(term), term);
  }
  for (const x of en) {
    assert.ok(x.title.length > 10 && !x.title.startsWith('term.'), `${x.term}: ${x.title}`);
    assert.ok(x.described.includes(x.title), `${x.term} described`);
  }
  assert.match(en.find((x) => x.term === 'ttft').title, /^TTFT, time to first token/);
  await page.click('[data-lang="zh-CN"]');
  const zh = await terms(page);
  assert.match(zh.find((x) => x.term === 'ttft').title, /首个 token/);
  assert.ok(zh.every((x) => /[\u4e00-\u9fff]/.test(x.title) && x.described.includes(x.title)), 'Chinese tooltips');
  assert.deepEqual(problems, []);
});
