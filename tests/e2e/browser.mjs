// Launches Debian's Chromium for the end-to-end tests and screenshots, and
// serves www/ on a free loopback port. Never downloads a browser.
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';

const QUIET_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

/** `args`: more Chromium flags (the benchmark blocks off-origin hosts with one). */
export async function launch({ args = [] } = {}) {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [...QUIET_FLAGS, ...args],
  });
}

/** Serves www/ and opens a browser; `close()` ends both. */
export async function startSession() {
  const server = await serve(new URL('../../www', import.meta.url).pathname);
  const { port } = server.address();
  const browser = await launch();
  return {
    browser,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

/** A new page that records console errors, failed requests and every URL it requests. */
export async function openPage(session, path = '/', options = {}) {
  const context = await session.browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  // A request cut short by the test's own reload or navigation is not a page fault.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()}`);
  });
  await page.goto(session.url(path));
  try {
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 15000 });
  } catch (e) {
    throw new Error(`the page did not start: ${problems.join('; ') || e.message}`);
  }
  return { page, problems, requests };
}

/** Holds back the responses to `context`'s requests matching `pattern` until the returned function is called. */
export async function holdBack(context, pattern) {
  let release;
  const held = new Promise((ok) => { release = ok; });
  await context.route(pattern, async (route) => { await held; await route.continue(); });
  return release;
}

/**
 * The page's link once it holds `expected` (parameter → value; null: absent): the page writes
 * its view to the address bar when it is next idle after showing it (www/js/app.js `saveScenario`).
 */
export async function linkWith(page, expected) {
  await page.waitForFunction((want) => {
    const params = new URL(location.href).searchParams;
    return Object.entries(want).every(([k, v]) => params.get(k) === v);
  }, expected);
  return new URL(page.url());
}

/** A host page for the widget: `html` after the widget's script, `setup` run before any of the page's scripts. */
export async function widgetPage(session, html, setup = () => {}) {
  const context = await session.browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(setup);
  await page.route('**/w.html', (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><meta charset="utf-8"><script type="module" src="/widget.js"></script>${html}`,
  }));
  await page.goto(session.url('/w.html'));
  return { page, problems, close: () => context.close() };
}
