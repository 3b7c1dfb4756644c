// The budgets of issue 18, measured as a visitor meets the page: served with
// gzip from loopback, off-origin requests blocked, cold loads in fresh browser
// contexts, interleaved with gpu_poor (an in-browser VRAM calculator) when a
// built copy of it is given in GPU_POOR_DIR (docs/PERFORMANCE.md says how to
// build it; its code and build are never part of this repository).
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from '../tests/e2e/browser.mjs';
import { serve } from './serve.mjs';

/** Nearest-rank percentile `p` (0–1) of `xs`: what every bench tool reports. */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)];
};
export const median = (xs) => percentile(xs, 0.5);

/** A shared scenario link other than the default example (the page computes it on arrival). */
export const LINK_PATH = '/?v=1&w.kind=inference&w.model=llama-3.1-70b&w.accelerator=H100&w.requestsPerSecond=20';

/**
 * What counts as the first result. gpuplan: the first candidate row with a
 * price, on the screen. gpu_poor computes only when its "Find Memory requirement" button is
 * pressed, so its first result is that button in the DOM (the app rendered and
 * ready to answer): the comparison is generous to gpu_poor.
 */
const TARGETS = {
  gpuplan: { server: 'www', path: '/', kind: 'gpuplan' },
  link: { server: 'www', path: LINK_PATH, kind: 'gpuplan' },
  gpu_poor: { server: 'poor', path: '/gpu_poor/', kind: 'gpu_poor' },
};

/** Runs in the page before its own scripts: marks on the page's clock (ms since navigation start). */
export function instrument(kind) {
  const b = { marks: {}, keys: [], pending: null };
  window.__cmp = b;
  const ready = kind === 'gpu_poor'
    ? () => [...document.querySelectorAll('button')].some((x) => x.textContent.includes('Find Memory requirement'))
    : () => /\d/.test(document.querySelector(`${shownDrawing()}#candidates tbody td.price`)?.textContent ?? '');
  /**
   * Where a price on the screen is: the page, or the build-time drawing of the default example
   * in the page's language (tools/prerender.mjs) once the head's script has shown it, read
   * without a layout (www/style.css); none while a drawing is in the page and none is shown.
   */
  const shownDrawing = () => {
    if (!('prerendered' in document.body.dataset)) return '';
    const view = document.documentElement.dataset.firstView;
    return /^(en|zh-CN)$/.test(view ?? '') ? `[data-drawing="${view}"] ` : '[data-drawing="none"] ';
  };
  // The browser's own first paint with content: the "painted" marks below are when the page's
  // main thread is next free after a frame began, which headless Chromium may present later
  // (docs/PERFORMANCE.md, issue 18 round 32).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') b.marks.fcp ??= entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  // A frame callback runs before style and layout; a task posted from it runs after the paint.
  const afterFrame = (record) => requestAnimationFrame(() => {
    record.frame = performance.now();
    setTimeout(() => { record.painted = performance.now(); }, 0);
  });
  const first = new MutationObserver(() => {
    if (!ready()) return;
    first.disconnect();
    b.marks.result = performance.now();
    b.marks.resultFrame = {};
    afterFrame(b.marks.resultFrame);
  });
  // The head's script deciding to show the build-time drawing is a change too (an attribute).
  first.observe(document, { childList: true, subtree: true, characterData: true, attributeFilter: ['data-first-view'] });
  document.addEventListener('keydown', (e) => { b.pending = { start: e.timeStamp }; }, true);
  // Keystroke → the first mutation of the result region, then the frame after it.
  b.watch = (selector) => {
    new MutationObserver(() => {
      const record = b.pending;
      if (!record) return;
      b.pending = null;
      record.dom = performance.now();
      b.keys.push(record);
      afterFrame(record);
    }).observe(document.querySelector(selector), { childList: true, subtree: true, characterData: true });
  };
}

/**
 * Every host name fails to resolve; the loopback servers are addressed by IP.
 * This blocks off-origin requests as `context.route` did, without what routing
 * costs: Playwright turns the HTTP cache off for a routed context, which no
 * visitor's browser does (the service worker's install reads it, see www/sw.js),
 * and every request makes a round trip through the driver.
 */
export const OFF_ORIGIN_BLOCKED = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

/** Serves www/ (and gpu_poor's build under /gpu_poor/) with gzip and a log of the bytes sent. */
export async function startServers(gpuPoorDir) {
  // BENCH_WWW: another build of the page (a copy of www/ kept from before a change).
  const www = process.env.BENCH_WWW ?? new URL('../www', import.meta.url).pathname;
  const servers = { www: await serve(www, { gzip: true, record: true }) };
  let root = null;
  if (gpuPoorDir) {
    if (!existsSync(join(gpuPoorDir, 'index.html'))) throw new Error(`GPU_POOR_DIR has no index.html: ${gpuPoorDir}`);
    // gpu_poor's build asks for /gpu_poor/… (its `homepage`): serve it under that folder.
    root = mkdtempSync(join(tmpdir(), 'gpu-poor-'));
    symlinkSync(resolve(gpuPoorDir), join(root, 'gpu_poor'));
    servers.poor = await serve(root, { gzip: true, record: true });
  }
  const browser = await launch({ args: OFF_ORIGIN_BLOCKED });
  const url = (target) => `http://127.0.0.1:${servers[target.server].address().port}${target.path}`;
  return {
    browser,
    servers,
    targets: Object.fromEntries(Object.entries(TARGETS).filter(([, t]) => servers[t.server])),
    url,
    async close() {
      await browser.close();
      await Promise.all(Object.values(servers).map((s) => new Promise((ok) => s.close(ok))));
      if (root) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A context that lets only loopback requests out, as the comparison was measured. */
async function isolatedContext(session, target, options = {}) {
  const context = await session.browser.newContext(options);
  await context.addInitScript(instrument, target.kind);
  return context;
}

async function waitResult(page, label) {
  try {
    await page.waitForFunction(() => window.__cmp?.marks.resultFrame?.painted != null && window.__cmp.marks.fcp != null, null, { timeout: 120000 });
  } catch (e) {
    throw new Error(`${label}: no first result appeared: ${e.message}`);
  }
}

/** `runs` cold loads of every target, interleaved so load on the machine hits all alike. */
export async function coldLoads(session, runs) {
  const out = Object.fromEntries(Object.keys(session.targets).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, target] of Object.entries(session.targets)) {
      const context = await isolatedContext(session, target);
      const page = await context.newPage();
      await page.goto(session.url(target));
      await waitResult(page, name);
      out[name].push(await page.evaluate(() => ({ result: window.__cmp.marks.result, painted: window.__cmp.marks.resultFrame.painted, fcp: window.__cmp.marks.fcp })));
      await context.close();
    }
  }
  return out;
}

/** Waits until the server has sent nothing for `quietMs`. */
async function settled(server, quietMs = 700) {
  let seen = -1;
  while (seen !== server.sent.length) {
    seen = server.sent.length;
    await new Promise((ok) => setTimeout(ok, quietMs));
  }
}

/**
 * Bytes on the wire (gzip bodies) of a first visit: the page's own requests
 * (service workers blocked), and everything including what the service worker
 * fetches to cache on that visit.
 */
export async function firstVisitBytes(session, name) {
  const target = session.targets[name];
  const server = session.servers[target.server];
  const visit = async (serviceWorkers) => {
    const context = await isolatedContext(session, target, { serviceWorkers });
    const page = await context.newPage();
    const from = server.sent.length;
    await page.goto(session.url(target));
    await waitResult(page, name);
    if (serviceWorkers === 'allow') {
      await page.evaluate(() => ('serviceWorker' in navigator && navigator.serviceWorker.getRegistration()
        .then((r) => r && navigator.serviceWorker.ready)));
    }
    await settled(server);
    const files = server.sent.slice(from);
    await context.close();
    return { requests: files.length, bytes: files.reduce((s, f) => s + f.bytes, 0), files };
  };
  return { own: await visit('block'), withWorker: await visit('allow') };
}

/**
 * `count` keystrokes on a page already showing its first result. gpuplan: in
 * "Training tokens" (200M → 200 → 200k → 200 → 200M …, each a valid number
 * that re-ranks the catalog), to the priced candidates region. gpu_poor: in its
 * first text field, to any change of its app (it does not recompute on a key).
 * Also counts the requests made during the keystrokes.
 */
export async function keystrokes(session, name, count) {
  const target = session.targets[name];
  const context = await isolatedContext(session, target);
  const page = await context.newPage();
  await page.goto(session.url(target));
  await waitResult(page, name);
  const gpuplan = target.kind === 'gpuplan';
  let keys;
  if (gpuplan) {
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await page.evaluate(() => window.__cmp.watch('#recommend'));
    await page.click('#w-tokens');
    await page.keyboard.press('End');
    keys = ['Backspace', 'k', 'Backspace', 'M'];
  } else {
    await page.evaluate(() => window.__cmp.watch('#root'));
    await page.click('#root input[type="text"], #root input[type="number"], #root input:not([type])');
    await page.keyboard.press('End');
    keys = ['1', 'Backspace'];
  }
  const server = session.servers[target.server];
  const serverFrom = server.sent.length;
  let requests = 0;
  const onRequest = () => { requests += 1; };
  context.on('request', onRequest);
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(keys[i % keys.length]);
    await page.waitForFunction((n) => window.__cmp.keys[n - 1]?.painted != null, i + 1, { timeout: 60000 });
  }
  context.off('request', onRequest);
  const records = await page.evaluate(() => window.__cmp.keys);
  const served = server.sent.length - serverFrom;
  await context.close();
  return { keys: records, requests, served };
}

/**
 * Private memory (kB) of the renderer processes of `browser` that run web content, from /proc:
 * the page's, and a spare one the browser keeps for the next navigation. Chromium's own
 * interface (its omnibox popup, a `--top-chrome-webui` renderer of about 40 MB) is left out: it
 * is not the page, and it gave back about 9 MB at some moment of every run, which the bench
 * read as the page's memory falling (docs/PERFORMANCE.md, round 35).
 */
async function rendererPrivateKb(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  let kb = 0;
  for (const p of processInfo.filter((x) => x.type === 'renderer')) {
    try {
      // Chromium rewrites its command line into one string: the flag is a word of it.
      if (/(^|\s|\0)--top-chrome-webui(\s|\0|$)/.test(readFileSync(`/proc/${p.id}/cmdline`, 'utf8'))) continue;
      const rollup = readFileSync(`/proc/${p.id}/smaps_rollup`, 'utf8');
      for (const m of rollup.matchAll(/^Private_(?:Clean|Dirty):\s+(\d+) kB/gm)) kb += Number(m[1]);
    } catch { /* the process ended */ }
  }
  return kb;
}

/**
 * gpuplan's memory over `total` recomputes (input events in "Training tokens",
 * one a frame), sampled every `every`: renderer private memory, JS heap after
 * a forced GC, DOM nodes and listeners. A browser of its own, so the renderer
 * is this page's alone.
 */
export async function memoryOverRecomputes(session, total = 3000, every = 1000) {
  const browser = await launch({ args: OFF_ORIGIN_BLOCKED });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(session.url(session.targets.gpuplan));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 120000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Memory.enable').catch(() => {});
    const sample = async (done) => {
      // The last recompute's table drawn to its end first (it is drawn over frames), so the
      // DOM counts the page as it stays, not a table half drawn (+372 nodes in one run).
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 200)))));
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      const dom = await cdp.send('Memory.getDOMCounters');
      return { done, privateKb: await rendererPrivateKb(browser), jsHeapBytes: heap.usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners };
    };
    const samples = [await sample(0)];
    for (let done = 0; done < total; done += every) {
      await page.evaluate(async ([from, n]) => {
        const input = document.querySelector('#w-tokens');
        for (let i = from; i < from + n; i++) {
          input.value = i % 2 ? '300M' : '200M';
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
        }
      }, [done, every]);
      samples.push(await sample(done + every));
    }
    return samples;
  } finally {
    await browser.close();
  }
}
