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

/**
 * Every occurrence of a term of the terms table (www/js/terms.js) in the text
 * the page holds now, with no tooltip that explains it: an element on the way
 * up from the text whose title holds the term's words.
 */
const unexplained = (page) => page.evaluate(async () => {
  // Marking runs after the frame that shows new text.
  await new Promise((ok) => requestAnimationFrame(() => setTimeout(() => setTimeout(ok, 50), 0)));
  const { termsIn } = await import('/js/terms.js');
  const i18n = await import('/js/i18n.js');
  const lang = document.documentElement.lang;
  i18n.setLanguage(lang);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const missing = [];
  let occurrences = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('svg, script, style, noscript, template, #term-descriptions')) continue;
    for (const id of termsIn(node.data, lang)) {
      occurrences += 1;
      const words = i18n.t(`term.${id}`);
      let el = node.parentElement;
      while (el && !(el.getAttribute('title') ?? '').includes(words)) el = el.parentElement;
      if (!el) missing.push(`${id} in <${node.parentElement.tagName.toLowerCase()}${node.parentElement.id ? `#${node.parentElement.id}` : ''}>: ${node.data.trim().slice(0, 80)}`);
    }
  }
  return { occurrences, missing: [...new Set(missing)] };
});

test('every term the page shows, in every example and panel, in both languages, has a tooltip with its words', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.requestsPerSecond=20&w.precision=fp8&w.accelerator=H100',
    { viewport: { width: 1400, height: 900 } });
  const seen = new Set();
  let total = 0;
  const check = async (state) => {
    const { occurrences, missing } = await unexplained(page);
    total += occurrences;
    assert.deepEqual(missing, [], state);
    const ids = await page.evaluate(async () => {
      const { termsIn } = await import('/js/terms.js');
      return termsIn(document.body.innerText + document.body.textContent, document.documentElement.lang);
    });
    for (const id of ids) seen.add(id);
  };
  for (const lang of ['en', 'zh-CN']) {
    await page.click(`[data-lang="${lang}"]`);
    await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
    await check(`${lang}: the first answer, every panel open`);
    for (const scenario of await page.$$eval('[data-scenario]', (bs) => bs.map((b) => b.dataset.scenario))) {
      await page.click(`[data-scenario="${scenario}"]`);
      await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
      await check(`${lang}: example ${scenario}`);
    }
    await page.fill('#tco-price', '250k');
    await page.waitForSelector('#tco-result svg');
    await page.selectOption('#c-compliance', 'mlps').catch(() => {});
    await check(`${lang}: buy or rent, MLPS`);
    await page.click('#offers tbody tr:first-child');
    await page.waitForSelector('#offer-detail[open]');
    await check(`${lang}: an offer's details`);
    await page.keyboard.press('Escape');
  }
  // The walk met most of the table (some terms appear only in other states).
  for (const id of ['ttft', 'itl', 'mfu', 'tp', 'lora', 'kv', 'fp8', 'spot', 'reserved', 'blended', 'breakEven', 'pue', 'egress', 'rdma', 'vgpu', 'mlps']) {
    assert.ok(seen.has(id), `${id} never shown: ${[...seen].join(' ')}`);
  }
  assert.ok(total > 50, `${total} occurrences`);
  assert.deepEqual(problems, []);
});
