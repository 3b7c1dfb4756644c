// Issue 20's smaller reproducers that had no test of their own (the list,
// reproducer by reproducer, is in docs/RELIABILITY.md): a host page that
// patches built-ins before the widget loads, and the headers file for static
// hosts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startSession, widgetPage } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

async function hostWith(setup, html = '<gpu-plan preset="lora"></gpu-plan>') {
  const { page, problems, close } = await widgetPage(session, html, setup);
  await page.waitForSelector('gpu-plan[data-ready]', { state: 'attached', timeout: 60_000 });
  const shown = await page.evaluate(() => ({
    ready: document.querySelector('gpu-plan').dataset.ready,
    text: document.querySelector('gpu-plan').shadowRoot.textContent,
    offers: document.querySelector('gpu-plan').shadowRoot.querySelectorAll('li .offer').length,
  }));
  const workers = page.workers().map((w) => w.url());
  await close();
  return { shown, problems, workers };
}

// The widget computes its answer in a module Worker (a realm the host page
// cannot patch; replies arrive by structured clone as own data properties) and
// draws only the strings it gets (docs/EMBED.md).
test('an Object.prototype.candidates accessor on the host page does not make the widget say "No offer fits"', async () => {
  const { shown } = await hostWith(() => {
    Object.defineProperty(Object.prototype, 'candidates', { get() { return []; }, set() {}, configurable: true });
  });
  assert.equal(shown.ready, 'true', shown.text.slice(0, 300));
  assert.ok(shown.offers > 0, shown.text.slice(0, 300));
});

test('patched Array methods on the host page before the widget loads do not leave it on "Loading"', async () => {
  const { shown } = await hostWith(() => {
    Array.prototype.map = function () { return []; };
    Array.prototype.filter = function () { return []; };
    Array.prototype.slice = function () { return []; };
    Array.prototype.join = function () { return ''; };
  });
  assert.equal(shown.ready, 'true', shown.text.slice(0, 300));
  assert.ok(shown.offers > 0, shown.text.slice(0, 300));
});

test('the widget computes in a module Worker, and in the page when the host page blocks workers', async () => {
  const inWorker = await hostWith(() => {});
  assert.equal(inWorker.shown.ready, 'true', inWorker.shown.text.slice(0, 300));
  assert.ok(inWorker.workers.some((url) => url.endsWith('/js/widget-worker.js')), JSON.stringify(inWorker.workers));
  // worker-src 'none' (a meta CSP, in force before the widget's first draw): the same answer, computed in the page.
  const blocked = await hostWith(() => {}, `<meta http-equiv="Content-Security-Policy" content="worker-src 'none'">
    <gpu-plan preset="lora"></gpu-plan>`);
  assert.equal(blocked.shown.ready, 'true', blocked.shown.text.slice(0, 300));
  assert.equal(blocked.workers.length, 0, JSON.stringify(blocked.workers));
  assert.equal(blocked.shown.offers, inWorker.shown.offers);
  assert.deepEqual(blocked.problems, []);
});

test('the headers file refuses framing, sniffing and stale caches', async () => {
  const headers = await readFile(new URL('../../www/_headers', import.meta.url), 'utf8');
  assert.match(headers, /frame-ancestors 'none'/);
  assert.match(headers, /X-Content-Type-Options: nosniff/);
  assert.match(headers, /Cache-Control: no-cache/);
});
