// End-to-end: the catalog page in headless Chromium, as a person uses it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession, linkWith } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const engineInfo = (page) => page.evaluate(async () => (await import('/pkg/gpuplan.js')).catalogInfo());
const grouped = (n) => n.toLocaleString('en-US');

const prices = (page) => page.$$eval('#offers tbody td.price', (tds) => tds.map((td) => Number(td.textContent.replace(/[^0-9.]/g, ''))));
const column = (page, index) => page.$$eval(`#offers tbody tr td:nth-child(${index})`, (tds) => tds.map((td) => td.textContent));

test('the page loads the engine and shows the catalog size and dates', async () => {
  const { page, problems } = await openPage(session);
  const info = await engineInfo(page);
  assert.ok(info.offerCount >= 3000);
  const status = await page.textContent('#catalog-status');
  assert.ok(status.includes(`${grouped(info.offerCount)} offers from ${info.providerCount} providers`), status);
  assert.ok(status.includes(`${info.oldestSnapshot} to ${info.newestSnapshot}`), status);
  // The oldest price (Paperspace's A100-80G, observed 2024-01-15) is far more than 180 days old.
  assert.equal(await page.isVisible('#catalog-age-warning'), true);
  assert.equal(info.oldestSnapshot, '2024-01-15');
  assert.ok((await page.textContent('#catalog-age-warning')).includes(info.oldestSnapshot));
  // The warning counts every offer: stale prices and undated sources, as the engine reports them.
  const warning = await page.textContent('#catalog-age-warning');
  assert.ok(info.staleOfferCount > 0 && info.undatedOfferCount > 0);
  assert.ok(warning.includes(`${grouped(info.staleOfferCount)} of ${grouped(info.offerCount)} offers`), warning);
  assert.ok(warning.includes(`${grouped(info.undatedOfferCount)} come from sources without a date`), warning);
  assert.match(await page.textContent('#result-count'), new RegExp(`^${grouped(info.offerCount)} matching offers`));
  assert.deepEqual(problems, []);
});

test('filtering by provider, memory and GPU count lists matching offers sorted by price', async () => {
  const { page, problems } = await openPage(session);
  await page.selectOption('#f-provider', 'azure');
  await page.fill('#f-min-memory-per-gpu', '80');
  await page.fill('#f-gpu-count', '8');
  await page.waitForFunction(() => document.querySelector('#result-count').textContent.includes('matching'));
  const providers = await column(page, 1);
  assert.ok(providers.length > 0, 'some offers match');
  assert.ok(providers.every((p) => p === 'azure'));
  assert.ok((await column(page, 4)).every((n) => n === '8'));
  const listed = await prices(page);
  assert.deepEqual(listed, [...listed].sort((a, b) => a - b), 'sorted by price, cheapest first');
  // The view is in the URL, so a link reproduces it.
  await linkWith(page, { provider: 'azure', gpuCount: '8' });
  // Opening an offer shows its prices, source and date.
  await page.click('#offers tbody tr:first-child');
  const detail = await page.textContent('#offer-detail');
  assert.match(detail, /anycloud-sh\/catalog/);
  assert.match(detail, /2026-05-20/);
  assert.match(detail, /Specifications \(dense\).*GB\/s · BF16 [\d,.]+ TFLOPS/);
  assert.deepEqual(problems, []);
});

test('a link with a filter reproduces the view, including ND H100 v5 at $98.32/h', async () => {
  const { page } = await openPage(session, '/?provider=azure&text=ND96isr_H100_v5+eastus');
  assert.equal(await page.inputValue('#f-text'), 'ND96isr_H100_v5 eastus');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('text'), 'ND96isr_H100_v5 eastus', 'the link survives loading');
  assert.equal(url.searchParams.get('provider'), 'azure');
  const rows = await page.$$eval('#offers tbody tr', (trs) => trs.map((tr) => tr.textContent));
  assert.ok(rows.some((r) => r.includes('Standard_ND96isr_H100_v5') && r.includes('$98.32')), rows.join('\n'));
});

test('a bad value shows an error next to its field and keeps the typed text', async () => {
  const { page, problems } = await openPage(session);
  await page.fill('#f-gpu-count', '8');
  const before = await page.textContent('#result-count');
  await page.fill('#f-min-memory-per-gpu', '-5');
  const error = page.locator('[data-error-for="minMemoryPerGpuGib"]');
  await error.waitFor();
  assert.match(await error.textContent(), /between 0 and/);
  assert.equal(await page.inputValue('#f-min-memory-per-gpu'), '-5');
  assert.equal(await page.getAttribute('#f-min-memory-per-gpu', 'aria-invalid'), 'true');
  assert.equal(await page.isVisible('#form-error'), true);
  assert.equal(await page.textContent('#result-count'), before, 'last good result kept');
  // Text that is no number: the engine names the field; the text stays. (Input is recomputed
  // on the next animation frame, so each check waits for the frame's answer.)
  const errorText = (pattern) => page.waitForFunction(
    (re) => new RegExp(re).test(document.querySelector('[data-error-for="minMemoryPerGpuGib"]')?.textContent ?? ''),
    pattern.source,
  );
  await page.fill('#f-min-memory-per-gpu', 'eighty');
  await errorText(/number/);
  assert.equal(await page.inputValue('#f-min-memory-per-gpu'), 'eighty');
  // Fixing it clears the error and the engine keeps working.
  await page.fill('#f-min-memory-per-gpu', '40');
  await errorText(/^$/);
  assert.equal(await error.textContent(), '');
  assert.equal(await page.getAttribute('#f-min-memory-per-gpu', 'aria-invalid'), null);
  assert.equal(await page.isVisible('#form-error'), false);
  assert.deepEqual(problems, []);
});

test('the page speaks Simplified Chinese and shows Chinese region names', async () => {
  const { page, problems } = await openPage(session, '/?lang=zh-CN&provider=aws&text=p4d.24xlarge');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.equal(await page.textContent('label[for="f-provider"]'), '服务商');
  const info = await engineInfo(page);
  assert.ok((await page.textContent('#catalog-status')).includes(`共 ${grouped(info.offerCount)} 个实例报价`));
  const regionCell = (id) => page.$eval(`#offers tbody td.region[title="${id}"]`, (td) => td.textContent);
  assert.equal(await regionCell('eu-central-1'), '欧洲(法兰克福)');
  assert.equal(await regionCell('us-east-1'), '美国东部(弗吉尼亚北部)');
  // No invented translation where the source has no Chinese name: the country's
  // Chinese name (the browser's Intl.DisplayNames) and the region id.
  await page.fill('#f-text', 'g4dn.12xlarge eu-west-3-wl1-cmn1');
  assert.equal(await regionCell('eu-west-3-wl1-cmn1'), '摩洛哥（eu-west-3-wl1-cmn1）');
  await page.click('[data-lang="en"]');
  assert.equal(await page.textContent('label[for="f-provider"]'), 'Provider');
  assert.deepEqual(problems, []);
});

test('the details of an offer show every price, derived reserved prices marked, and the source', async () => {
  const { page, problems } = await openPage(session, '/?provider=azure&text=Standard_ND96isr_H100_v5+westeurope');
  await page.click('#offers tbody tr:first-child');
  const detail = await page.textContent('#offer-detail');
  assert.match(detail, /1-year reserved\$[\d,.]+ \(derived\)/);
  assert.match(detail, /reserved prices derived: 36% \(1 year\)/);
  assert.match(detail, /gCO2e\/kWh/);
  assert.deepEqual(problems, []);
});

test('an Alibaba offer shows its CNY list price and the rate used', async () => {
  const { page, problems } = await openPage(session, '/?provider=alibaba&text=ecs.gn7i-c8g1.2xlarge+cn-beijing');
  await page.click('#offers tbody tr:first-child');
  const detail = await page.textContent('#offer-detail');
  assert.match(detail, /CN¥[\d,.]+ per hour at 7\.1286 CNY\/USD \(2024-10-24\)/);
  assert.deepEqual(problems, []);
});

test('an Azure NP size is listed with "price unknown", never as free', async () => {
  const { page } = await openPage(session, '/?provider=azure&text=Standard_NP10s');
  const cells = await page.$$eval('#offers tbody td.unknown', (tds) => tds.map((td) => td.textContent));
  assert.ok(cells.length > 0 && cells.every((c) => c === 'price unknown'), cells.join(','));
});

test('your prices: a discount, an override and an imported catalog change the figures and persist', async () => {
  const { page, problems } = await openPage(session, '/?provider=azure&text=Standard_ND96isr_H100_v5+eastus');
  const firstPrice = async () => (await prices(page))[0];
  assert.equal(await firstPrice(), 98.32);
  await page.click('#user-prices summary');
  await page.fill('[data-user-field="userPrices.discounts.azure"]', '10');
  assert.equal(await firstPrice(), 88.49); // 98.32 × 0.9 = 88.488
  // A bad discount is shown on its field, with the text kept, and the table keeps the last good result.
  await page.fill('[data-user-field="userPrices.discounts.azure"]', '150');
  assert.match(await page.textContent('[data-error-for="userPrices.discounts.azure"]'), /between 0 and 100/);
  assert.equal(await page.inputValue('[data-user-field="userPrices.discounts.azure"]'), '150');
  assert.equal(await firstPrice(), 88.49);
  await page.fill('[data-user-field="userPrices.discounts.azure"]', '');
  assert.equal(await firstPrice(), 98.32);
  // A per-offer price from the details dialog.
  await page.click('#offers tbody tr:first-child');
  await page.fill('#f-override', 'free');
  await page.click('#override-form button[type="submit"]');
  assert.match(await page.textContent('[data-error-for="override"]'), /number/);
  await page.fill('#f-override', '75');
  await page.click('#override-form button[type="submit"]');
  assert.equal(await firstPrice(), 75);
  // A custom catalog: a bad file names line and column and changes nothing.
  await page.setInputFiles('#f-catalog-file', {
    name: 'mine.csv', mimeType: 'text/csv',
    buffer: Buffer.from('provider,instance,region,accelerator,gpuCount,onDemand\nmycloud,h100x8,eastus,H100,8,cheap\n'),
  });
  await page.waitForFunction(() => document.querySelector('[data-error-for="file"]').textContent !== '');
  assert.match(await page.textContent('[data-error-for="file"]'), /mine\.csv: line 2, column `onDemand`/);
  await page.setInputFiles('#f-catalog-file', {
    name: 'mine.csv', mimeType: 'text/csv',
    buffer: Buffer.from('provider,instance,region,accelerator,gpuCount,onDemand\nmycloud,h100x8,eastus,H100,8,12.5\n'),
  });
  await page.waitForFunction(() => document.querySelector('#custom-status').textContent !== '');
  assert.match(await page.textContent('#custom-status'), /Imported from mine\.csv: 1 offer/);
  // Settings persist across a reload.
  await page.goto(session.url('/?provider=mycloud'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  assert.deepEqual(await prices(page), [12.5]);
  await page.goto(session.url('/?provider=azure&text=Standard_ND96isr_H100_v5+eastus'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  assert.equal(await firstPrice(), 75);
  // Export gives the settings as JSON.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-prices')]);
  const exported = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()));
  assert.equal(exported.overrides['azure/Standard_ND96isr_H100_v5/eastus'].onDemand, 75);
  assert.equal(exported.customOffers[0].provider, 'mycloud');
  await page.click('#reset-prices');
  assert.equal(await firstPrice(), 98.32);
  assert.deepEqual(problems, []);
});

test('family, region and descending order filter and sort the table', async () => {
  const { page, problems } = await openPage(session, '/?provider=aws&family=p5&region=us-east-1&descending=1');
  assert.equal(await page.isChecked('#f-descending'), true);
  const instances = await column(page, 2);
  assert.ok(instances.length > 0 && instances.every((i) => i.startsWith('p5')), instances.join(','));
  const listed = await prices(page);
  assert.deepEqual(listed, [...listed].sort((a, b) => b - a), 'most expensive first');
  assert.deepEqual(problems, []);
});

test('the workload form estimates memory and time, with a chart, and names a bad field', async () => {
  const { page, problems } = await openPage(session);
  // The default example: LoRA on Qwen2.5-7B, 200M tokens, on an L4.
  await page.waitForSelector('#memory-chart rect');
  assert.ok((await page.$$('#memory-chart rect')).length >= 3, 'weights, activations, overhead at least');
  assert.match(await page.textContent('#memory-legend'), /Total: [\d.]+\sGiB \/ 24\sGiB per GPU/);
  assert.match(await page.textContent('#compute-list'), /GPU-hours \(range\)[\d,]+ GPU-h \([\d,]+–[\d,]+\)/);
  // Serving Llama 3.1 70B: replicas and latency appear.
  await page.click('[data-scenario="serve70b"]');
  await page.waitForFunction(() => document.querySelector('#compute-list').textContent.includes('Replicas'));
  assert.match(await page.textContent('#compute-list'), /Latency target reachableyes/);
  // A bad value is shown on its field and kept.
  await page.fill('#w-prompt', '-3');
  const error = page.locator('[data-error-for="workload.promptTokens"]');
  await error.waitFor();
  assert.match(await error.textContent(), /between 1 and/);
  assert.equal(await page.inputValue('#w-prompt'), '-3');
  assert.ok(await page.$('#estimate-result.stale'));
  await page.fill('#w-prompt', '1000');
  assert.equal(await error.textContent(), '');
  // The form is in the URL.
  await linkWith(page, { 'w.kind': 'inference', 'w.model': 'llama-3.1-70b' });
  // Pre-training states the layout it timed and the runner-up, with their numbers.
  await page.click('[data-scenario="pretrain7b"]');
  await page.waitForFunction(() => document.querySelector('#compute-list').textContent.includes('Runner-up layout'));
  assert.match(await page.textContent('#compute-list'),
    /Parallel layout \(the fastest found\)TP \d+ × PP \d+ × DP \d+.*, ZeRO-\d, micro-batch \d+, \d+ per step: [\d.]+ s per step, [\d,]+ tokens\/s per GPU, MFU [\d.]+%Runner-up layoutTP \d+ × PP \d+/);
  // Under a deadline the estimate shows the ranking's cluster, so not the layouts timed on its own.
  const layoutShown = () => page.isVisible('#compute-list dd[data-key="c.trainingLayout"]');
  await page.fill('#c-deadline', '720');
  await page.waitForFunction(() =>
    document.querySelector('#compute-list dd[data-key="c.wallClock"]').textContent.includes('as ranked for the'));
  assert.equal(await layoutShown(), false);
  await page.fill('#c-deadline', '');
  await page.waitForFunction(() => !document.querySelector('#compute-list dd[data-key="c.trainingLayout"]').hidden);
  assert.equal(await layoutShown(), true);
  // FP64 on an L4 is flagged, not timed.
  await page.click('[data-scenario="cfd"]');
  await page.selectOption('#w-accel', 'L4');
  await page.waitForFunction(() => document.querySelector('#estimate-notes').textContent.includes('FP64'));
  assert.deepEqual(problems, []);
});

test('prompt tokens already in the prefix cache shorten the time to first token, in both languages', async () => {
  const { page, problems } = await openPage(session,
    '/?v=1&w.kind=inference&w.model=llama-3.1-8b&w.promptTokens=20000&w.outputTokens=200&w.concurrency=1&w.accelerator=H100');
  const ttft = async () => Number((await page.textContent('#compute-list dd[data-key="c.ttft"]')).match(/^[\d,.]+/)[0].replace(/,/g, ''));
  await page.waitForFunction(() => /\d/.test(document.querySelector('#compute-list dd[data-key="c.ttft"]')?.textContent ?? ''));
  const whole = await ttft();
  await page.click('#advanced summary');
  await page.fill('#w-cached-prompt', '19000');
  await page.waitForFunction(() => document.querySelector('#assumptions').textContent.includes('Prompt tokens from the prefix cache'));
  const cached = await ttft();
  // 1,000 of 20,000 tokens prefilled: their GEMMs a twentieth, their attention over all 20,000 keys.
  assert.ok(cached < whole / 5, `${cached} ms with 19,000 cached, ${whole} ms without`);
  // The whole prompt cannot come from the cache: its last token is computed for its logits.
  await page.fill('#w-cached-prompt', '20000');
  const error = page.locator('[data-error-for="workload.cachedPromptTokens"]');
  await error.waitFor();
  assert.match(await error.textContent(), /between 0 and 19,?999/);
  assert.equal(await page.inputValue('#w-cached-prompt'), '20000');
  await page.fill('#w-cached-prompt', '19000');
  await page.waitForFunction(() => document.querySelector('[data-error-for="workload.cachedPromptTokens"]').textContent === '');
  await linkWith(page, { 'w.cachedPromptTokens': '19000' });
  await page.click('[data-lang="zh-CN"]');
  await page.waitForFunction(() => document.querySelector('#assumptions').textContent.includes('来自前缀缓存的输入 tokens'));
  assert.match(await page.textContent('label[for="w-cached-prompt"]'), /已缓存的输入 tokens/);
  assert.deepEqual(problems, []);
});

test('a pasted config.json is a custom model, and the GPU check answers "do I need a GPU?"', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=inference&w.accelerator=L4');
  await page.selectOption('#w-model', '(config.json)');
  await page.fill('#w-hf', '{"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32}');
  await page.waitForFunction(() => document.querySelector('[data-error-for="workload.model.hfConfig"]').textContent !== '');
  assert.match(await page.textContent('[data-error-for="workload.model.hfConfig"]'), /vocab_size/);
  await page.fill('#w-hf', JSON.stringify({ num_hidden_layers: 32, hidden_size: 4096, num_attention_heads: 32,
    num_key_value_heads: 8, vocab_size: 128256, intermediate_size: 14336, max_position_embeddings: 131072 }));
  await page.waitForFunction(() => document.querySelector('#memory-legend').textContent.includes('Weights: 14.9'));
  // A reload keeps the pasted config (local storage) and the custom model choice (the link).
  await linkWith(page, { 'w.model': '(config.json)' });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.inputValue('#w-model'), '(config.json)');
  await page.waitForFunction(() => document.querySelector('#memory-legend').textContent.includes('Weights: 14.9'));
  // 60% serial with heavy copies: the check says no.
  await page.click('.advanced summary');
  await page.fill('#g-parallel', '0.4');
  await page.fill('#g-transfer', '20');
  await page.fill('#g-cpu', '10');
  await page.waitForFunction(() => document.querySelector('#compute-list').textContent.includes('will not pay off'));
  assert.match(await page.textContent('#compute-list'), /60% of the work is serial/);
  assert.deepEqual(problems, []);
});

test('a serving comparison states each offer\'s chosen layout and the runner-up, with their numbers', async () => {
  const { page, problems } = await openPage(session,
    '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.accelerator=H100&w.requestsPerSecond=20');
  await page.waitForSelector('#candidates tbody tr');
  const boxes = await page.$$('#candidates tbody input[type="checkbox"]');
  await boxes[0].check();
  await boxes[1].check();
  const compare = await page.textContent('#compare-table');
  assert.match(compare, /Serving layout[A-Z0-9]+, \d+ GPU\(s\) per replica × \d+, \d+ instance\(s\): [\d.]+ ms per token, first token [\d,.]+ ms \(floor [\d.]+ ms\); runner-up: [A-Z0-9]+, \d+ GPU\(s\) per replica/);
  assert.deepEqual(problems, []);
});

test('recommendations rank offers with reasons, compare side by side, and say why not', async () => {
  const { page, problems } = await openPage(session,
    '/?v=1&w.kind=raw&w.gpuMemoryGib=80&w.gpuCount=8&w.hours=100&c.providers=azure&c.regions=eastus');
  await page.waitForSelector('#candidates tbody tr');
  assert.match(await page.textContent('#recommend-summary'), /\d+ of [\d,]+ offers fit/);
  const rows = await page.$$eval('#candidates tbody tr', (trs) => trs.map((tr) => tr.textContent));
  // 100 h × 1.05 × $98.32 = $10,323.60 for ND96isr H100 v5.
  assert.ok(rows.some((r) => r.includes('Standard_ND96isr_H100_v5') && r.includes('$10,323.60')), rows.join('\n'));
  assert.ok(rows.every((r) => r.includes('hold the 80\u00a0GiB per GPU needed')));
  // Compare two candidates.
  const boxes = await page.$$('#candidates tbody input[type="checkbox"]');
  await boxes[0].check();
  await boxes[1].check();
  assert.equal(await page.isVisible('#compare'), true);
  const compare = await page.textContent('#compare-table');
  assert.match(compare, /Security and compliance/);
  assert.match(compare, /HIPAA BAA: yes/);
  // The comparison is part of the link.
  // The page writes its link when it is next idle: wait until it holds as many offers as are
  // ticked, then hold it to both.
  await page.waitForFunction(() => (new URL(location.href).searchParams.get('compare') ?? '').split(',').filter(Boolean).length
    === document.querySelectorAll('#candidates tbody input[type="checkbox"]:checked').length);
  const link = new URL(page.url());
  assert.equal(link.searchParams.get('compare').split(',').length, 2);
  const again = await openPage(session, link.pathname + link.search);
  await again.page.waitForSelector('#compare:not([hidden])');
  assert.equal(await again.page.textContent('#compare-table'), compare);
  await again.page.context().close();
  // Why not: the T4 size is left out for memory.
  await page.click('#why-not summary');
  assert.match(await page.textContent('#excluded'), /Standard_NC4as_T4_v3.*needs 8 × 80\sGB, has 1 × 16\sGB/);
  assert.match(await page.textContent('#excluded thead'), /Left out for/);
  await page.fill('#why-not-search', 'nc4as_t4');
  const left = await page.$$eval('#excluded tbody tr', (trs) => trs.map((tr) => tr.textContent));
  assert.ok(left.length > 0 && left.every((r) => r.includes('Standard_NC4as_T4_v3')), left.join('\n'));
  assert.match(await page.textContent('#why-not-shown'), new RegExp(`^Showing ${left.length} of ${left.length}\\.$`));
  // A bad constraint is shown on its field and kept.
  await page.fill('#c-deadline', '-1');
  await page.waitForFunction(() => document.querySelector('[data-error-for="constraints.deadlineHours"]').textContent !== '');
  assert.equal(await page.inputValue('#c-deadline'), '-1');
  await page.fill('#c-deadline', '');
  // In Chinese, reasons are in Chinese.
  await page.click('[data-lang="zh-CN"]');
  assert.match(await page.textContent('#candidates tbody tr:first-child td.reasons'), /按需/);
  assert.deepEqual(problems, []);
});

test('recommendations show each instance type once, its other regions folded behind a button', async () => {
  const { page: big, problems } = await openPage(session,
    '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.accelerator=H100&w.requestsPerSecond=20&c.providers=azure,aws,gcp');
  await big.waitForSelector('#candidates tbody tr');
  const types = await big.$$eval('#candidates tbody tr', (trs) => trs.map((tr) => tr.dataset.offerId.split('/').slice(0, 2).join('/')));
  assert.equal(new Set(types).size, types.length, 'each instance type once');
  const fold = big.locator('#candidates button.fold').first();
  assert.match(await fold.textContent(), /^also in \d+ other regions, from \$[\d,.]+ per month$/);
  const folded = Number((await fold.textContent()).match(/\d+/)[0]);
  await fold.click();
  assert.equal(await big.locator('#candidates tbody tr').count(), types.length + folded);
  assert.deepEqual(problems, []);
});
