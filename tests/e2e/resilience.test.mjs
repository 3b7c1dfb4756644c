// End-to-end: the page survives a trapped engine, works offline after one
// visit, and works from disk as the single-file build.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPage, startSession } from './browser.mjs';
import { buildSingleFile } from '../../tools/dist.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const engineState = (page) => page.evaluate(async () => {
  const { instances, state } = (await import('/js/engine.js')).debugState();
  return { instances, state };
});

test('a trapped engine is restarted and the page recomputes with the input kept', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.tokens=200M&w.accelerator=L4');
  await page.waitForSelector('#candidates tbody tr');
  assert.deepEqual(await engineState(page), { instances: 1, state: 'ready' });
  // Scribble over the engine's memory: its next call traps (memory access out of bounds).
  await page.evaluate(async () => {
    const { memory } = (await import('/js/engine.js')).debugState();
    new Uint8Array(memory.buffer).fill(0xff);
  });
  const hoursBefore = await page.textContent('#compute-list');
  await page.fill('#w-tokens', '400M');
  // The page restarts the engine and recomputes from the form as the user left it.
  await page.waitForFunction(() => document.querySelector('#estimate-error').hidden
    && !document.querySelector('#estimate-result').classList.contains('stale'));
  await page.waitForFunction((before) => document.querySelector('#compute-list').textContent !== before, hoursBefore);
  assert.deepEqual(await engineState(page), { instances: 2, state: 'ready' });
  assert.equal(await page.inputValue('#w-tokens'), '400M');
  assert.equal(await page.isVisible('#recommend-error'), false);
  assert.ok((await page.$$('#candidates tbody tr')).length > 0);
  assert.deepEqual(problems, []);
});

/**
 * The WebAssembly memories still alive after a full collection, and their
 * bytes, read through the DevTools protocol (`Runtime.queryObjects` finds
 * every object whose prototype is `WebAssembly.Memory.prototype`).
 */
async function liveWasmMemories(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { result: proto } = await cdp.send('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
  const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.objectId });
  const { result } = await cdp.send('Runtime.callFunctionOn', {
    objectId: objects.objectId,
    functionDeclaration: 'function () { return { count: this.length, bytes: this.reduce((n, m) => n + m.buffer.byteLength, 0) }; }',
    returnByValue: true,
  });
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return { ...result.value, jsHeapBytes: usedSize };
}

test('three trapped engines in a row leave one live module memory, the JS heap within 32 MiB', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.tokens=200M&w.accelerator=L4');
  await page.waitForSelector('#candidates tbody tr');
  const before = await liveWasmMemories(page);
  assert.equal(before.count, 1, 'one engine instance, one memory');
  for (const [i, tokens] of ['300M', '400M', '500M'].entries()) {
    await page.evaluate(async () => {
      const { memory } = (await import('/js/engine.js')).debugState();
      new Uint8Array(memory.buffer).fill(0xff);
    });
    const hoursBefore = await page.textContent('#compute-list');
    await page.fill('#w-tokens', tokens);
    await page.waitForFunction((before) => document.querySelector('#compute-list').textContent !== before, hoursBefore);
    assert.deepEqual(await engineState(page), { instances: i + 2, state: 'ready' });
  }
  const afterTraps = await liveWasmMemories(page);
  // Each dead instance's memory is released: only the live one is left.
  // (Before the restart forgot the dead instance, three traps held four
  // memories: 1.06 → 13.3 GiB of the page process.)
  assert.equal(afterTraps.count, 1, `live module memories after three traps: ${afterTraps.count}`);
  assert.ok(afterTraps.bytes <= before.bytes + 64 * 2 ** 20, `module memory ${before.bytes} → ${afterTraps.bytes} bytes`);
  assert.ok(afterTraps.jsHeapBytes <= before.jsHeapBytes + 32 * 2 ** 20, `JS heap ${before.jsHeapBytes} → ${afterTraps.jsHeapBytes} bytes`);
  assert.deepEqual(problems, []);
});

test('a trap during the retry shows a message in the page language, then a change recovers', async () => {
  const { page } = await openPage(session, '/?v=1&lang=zh-CN&w.kind=devtest&w.hoursPerMonth=80');
  // The engine traps now, and its fresh instance is broken again before the page's retry runs.
  await page.evaluate(async () => {
    const engine = await import('/js/engine.js');
    const scribble = () => new Uint8Array(engine.debugState().memory.buffer).fill(0xff);
    scribble();
    const stop = engine.onRestart(() => { scribble(); stop(); }, true);
  });
  await page.fill('#w-hours', '90');
  await page.waitForFunction(() => !document.querySelector('#estimate-error').hidden);
  await page.waitForFunction(() => document.querySelector('#estimate-error').textContent.includes('连续两次'));
  assert.equal(await page.inputValue('#w-hours'), '90');
  // The next change starts a fresh instance, which now works.
  await page.fill('#w-hours', '100');
  await page.waitForFunction(() => document.querySelector('#estimate-error').hidden);
  assert.deepEqual(await engineState(page), { instances: 3, state: 'ready' });
});

test('after one visit the page works with the network off', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=devtest&w.hoursPerMonth=80');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    // The worker controls the page once it has claimed it.
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    }
  });
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  await page.waitForSelector('#candidates tbody tr');
  assert.equal(await page.inputValue('#w-hours'), '80');
  await page.context().setOffline(false);
  assert.deepEqual(problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), []);
});

test('the service worker caches every file the page loads', () => {
  const www = new URL('../../www/', import.meta.url);
  const sw = readFileSync(new URL('sw.js', www), 'utf8');
  const listed = new Set([...sw.matchAll(/'([\w./-]+\.(?:js|css|html|svg|wasm|webmanifest))'/g)].map((m) => m[1]));
  // Every script, stylesheet and preload of the page's head (the widget is cached when first used).
  const head = readFileSync(new URL('index.html', www), 'utf8').split('</head>')[0];
  const loaded = [...head.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="(?!data:)([^"]+)"/g)].map((m) => m[1]);
  assert.ok(loaded.includes('pkg/app.js') && loaded.includes('pkg/gpuplan_bg.wasm'), loaded.join(' '));
  assert.deepEqual(loaded.filter((f) => !listed.has(f)), []);
});

test('opened from disk, the multi-file page says how to use it instead of loading forever', async () => {
  const context = await session.browser.newContext();
  const page = await context.newPage();
  await page.goto(pathToFileURL(new URL('../../www/index.html', import.meta.url).pathname).href);
  await page.waitForSelector('body[data-file-protocol="true"]', { state: 'attached' });
  assert.match(await page.textContent('#catalog-status'), /dist\/gpuplan\.html.*\.\/build\.sh serve/);
  await context.close();
});

test('the single-file build computes a result opened from file://', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpuplan-dist-'));
  try {
    const out = join(dir, 'gpuplan.html');
    buildSingleFile(out);
    const context = await session.browser.newContext();
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    await page.goto(`${pathToFileURL(out).href}?v=1&w.kind=inference&w.model=llama-3.1-70b&w.accelerator=H100&w.requestsPerSecond=20`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20000 });
    await page.waitForSelector('#candidates tbody tr');
    assert.match(await page.textContent('#compute-list'), /Replicas/);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('corrupted or foreign local storage and an oversized file never stop the page', async () => {
  const context = await session.browser.newContext();
  await context.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('gpuplan.userPrices.v1', JSON.stringify({ customOffers: 'not a list', discounts: [1, 2], overrides: null }));
    localStorage.setItem('gpuplan.scenario.v1', 'v=1&w.kind=%3Cimg%20src=x%20onerror=alert(1)%3E&w.tokens=' + 'x'.repeat(500));
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(session.url('/'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.inputValue('#w-kind'), 'finetune', 'an unknown stored workload falls back to the example');
  assert.equal(await page.$('img'), null);
  // The stored token count is kept as typed and named at its field (input kept, never half-applied silently);
  // correcting it gives the answer.
  await page.waitForFunction(() => document.querySelector('#w-tokens')?.getAttribute('aria-invalid') === 'true');
  await page.fill('#w-tokens', '200M');
  await page.waitForSelector('#candidates tbody tr');
  // A file over the engine's 5 MB limit is refused before it is read.
  await page.click('#user-prices summary');
  await page.setInputFiles('#f-catalog-file', { name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(5_000_001, 0x61) });
  await page.waitForFunction(() => document.querySelector('[data-error-for="file"]').textContent !== '');
  assert.match(await page.textContent('[data-error-for="file"]'), /huge\.csv: the file is larger than 5 MB/);
  assert.deepEqual(problems, []);
  await context.close();
});
