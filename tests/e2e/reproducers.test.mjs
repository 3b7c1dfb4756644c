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

async function hostWith(setup) {
  const { page, problems, close } = await widgetPage(session, '<gpu-plan preset="lora"></gpu-plan>', setup);
  await page.waitForSelector('gpu-plan[data-ready]', { state: 'attached', timeout: 60_000 });
  const shown = await page.evaluate(() => ({
    ready: document.querySelector('gpu-plan').dataset.ready,
    text: document.querySelector('gpu-plan').shadowRoot.textContent,
    offers: document.querySelector('gpu-plan').shadowRoot.querySelectorAll('li .offer').length,
  }));
  await close();
  return { shown, problems };
}

// Open (todo): the answers are built by setting properties, which an
// inherited accessor intercepts, and the widget's module uses the host's
// Array methods. These tests report, and do not yet fail the run.
const OPEN = { todo: 'open: the widget does not yet keep pristine built-ins (issue 20, smaller points)' };

test('an Object.prototype.candidates accessor on the host page does not make the widget say "No offer fits"', OPEN, async () => {
  const { shown } = await hostWith(() => {
    Object.defineProperty(Object.prototype, 'candidates', { get() { return []; }, set() {}, configurable: true });
  });
  assert.equal(shown.ready, 'true', shown.text.slice(0, 300));
  assert.ok(shown.offers > 0, shown.text.slice(0, 300));
});

test('patched Array methods on the host page before the widget loads do not leave it on "Loading"', OPEN, async () => {
  const { shown } = await hostWith(() => {
    Array.prototype.map = function () { return []; };
    Array.prototype.filter = function () { return []; };
    Array.prototype.slice = function () { return []; };
    Array.prototype.join = function () { return ''; };
  });
  assert.equal(shown.ready, 'true', shown.text.slice(0, 300));
  assert.ok(shown.offers > 0, shown.text.slice(0, 300));
});

test('the headers file refuses framing, sniffing and stale caches', async () => {
  const headers = await readFile(new URL('../../www/_headers', import.meta.url), 'utf8');
  assert.match(headers, /frame-ancestors 'none'/);
  assert.match(headers, /X-Content-Type-Options: nosniff/);
  assert.match(headers, /Cache-Control: no-cache/);
});
