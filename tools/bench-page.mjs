// Measurements on the real page (www/index.html) in headless Chromium: time
// to the first priced result, input → DOM per keystroke, page weight, and a
// breakdown of the first-result path. Used by tools/bench.mjs.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** Runs in the page before its own scripts: marks on the page's clock (ms since navigation start). */
function instrumentPage() {
  const b = { marks: {}, calls: [], loaf: [], keys: [], pendingKey: null };
  window.__bench = b;
  const mark = (k) => { if (!(k in b.marks)) b.marks[k] = performance.now(); };
  // A frame callback runs before style and layout; a task posted from it runs after the paint.
  const afterFrame = (record) => requestAnimationFrame(() => {
    record.frame = performance.now();
    setTimeout(() => { record.painted = performance.now(); }, 0);
  });
  const first = new MutationObserver(() => {
    // In the page, or in the build-time drawing the head's script shows (tools/prerender.mjs), if any.
    const view = document.documentElement.dataset.firstView;
    const drawing = !('prerendered' in document.body.dataset) ? '' : `[data-drawing="${/^(en|zh-CN)$/.test(view ?? '') ? view : 'none'}"] `;
    const price = document.querySelector(`${drawing}#candidates tbody td.price`);
    if (!price || !/\d/.test(price.textContent)) return;
    first.disconnect();
    mark('firstPriced');
    const record = {};
    b.marks.firstPricedFrame = record;
    afterFrame(record);
  });
  // The head's script deciding to show the build-time drawing is a change too (an attribute).
  first.observe(document, { childList: true, subtree: true, characterData: true, attributeFilter: ['data-first-view'] });
  try {
    new PerformanceObserver((list) => b.loaf.push(...list.getEntries().map((e) => e.toJSON())))
      .observe({ type: 'long-animation-frame', buffered: true });
  } catch { /* an older Chromium without long-animation-frame entries */ }
  // Keystrokes: from the key's event time to the mutation of the results region.
  document.addEventListener('keydown', (e) => { b.pendingKey = e.timeStamp; }, true);
  b.watchResults = () => {
    new MutationObserver(() => {
      if (b.pendingKey == null) return;
      // Engine calls timed since the last keystroke (profile runs only).
      const record = { start: b.pendingKey, dom: performance.now(), calls: b.calls.splice(0) };
      b.pendingKey = null;
      b.keys.push(record);
      afterFrame(record);
    }).observe(document.querySelector('#recommend'), { childList: true, subtree: true, characterData: true });
  };
}

/** Profile runs only: fetch, compile and instantiate of the module as separate steps. */
function splitInstantiate() {
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const marks = window.__bench.marks;
    const bytes = await (await source).arrayBuffer();
    marks.wasmFetched = performance.now();
    const module = await WebAssembly.compile(bytes);
    marks.wasmCompiled = performance.now();
    const instance = await WebAssembly.instantiate(module, imports);
    marks.wasmInstantiated = performance.now();
    return { module, instance };
  };
}

/**
 * Profile runs only: the page imports a stand-in for pkg/gpuplan.js that times
 * every exported function (and `init`) and re-exports everything else, so new
 * calls and classes pass through untouched.
 */
function timingModule(real) {
  const functions = [...real.matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
  const classes = [...real.matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
  return [
    "import init_, * as real from './gpuplan.real.js';",
    "export * from './gpuplan.real.js';",
    'const calls = () => window.__bench.calls;',
    'export default async function init(...args) {',
    '  const start = performance.now();',
    '  try { return await init_(...args); } finally { calls().push({ name: "init", start, end: performance.now() }); }',
    '}',
    'const timed = (name, f) => function (...args) {',
    '  const start = performance.now();',
    '  try { return f.apply(this, args); } finally { calls().push({ name, start, end: performance.now() }); }',
    '};',
    ...functions.map((f) => `export const ${f} = timed('${f}', real.${f});`),
    // Methods of exported classes (a stateful planner) are timed in place.
    ...classes.map((c) => `for (const k of Object.getOwnPropertyNames(real.${c}.prototype)) {
  const d = Object.getOwnPropertyDescriptor(real.${c}.prototype, k);
  if (k !== 'constructor' && typeof d.value === 'function') real.${c}.prototype[k] = timed('${c}.' + k, d.value);
}`),
  ].join('\n');
}

async function routeTimingModule(context) {
  const real = readFileSync(new URL('../www/pkg/gpuplan.js', import.meta.url), 'utf8');
  const js = { status: 200, contentType: 'text/javascript; charset=utf-8' };
  await context.route('**/pkg/gpuplan.js', (route) => route.fulfill({ ...js, body: timingModule(real) }));
  await context.route('**/pkg/gpuplan.real.js', (route) => route.fulfill({ ...js, body: real }));
}

async function loadOnce(page, url) {
  await page.goto(url);
  try {
    await page.waitForFunction(() => window.__bench?.marks.firstPricedFrame?.painted != null, null, { timeout: 120000 });
  } catch (e) {
    throw new Error(`no priced candidate row (#candidates tbody td.price) appeared on ${url}: ${e.message}`);
  }
  return page.evaluate(() => ({
    marks: window.__bench.marks,
    calls: window.__bench.calls,
    loaf: window.__bench.loaf,
    resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd })),
    nav: performance.getEntriesByType('navigation')[0]?.toJSON(),
  }));
}

/**
 * Navigation → first priced candidate row, `runs` times: cold in a new browser
 * context, then warm (a second navigation in that context). With `profile`,
 * engine calls and module steps are timed too (which slows them slightly).
 */
export async function firstResult(session, { runs, profile = false }) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    const context = await session.browser.newContext();
    if (profile) await routeTimingModule(context);
    await context.addInitScript(instrumentPage);
    if (profile) await context.addInitScript(splitInstantiate);
    const page = await context.newPage();
    cold.push(await loadOnce(page, session.url('/')));
    warm.push(await loadOnce(page, session.url('/')));
    await context.close();
  }
  return { cold, warm };
}

/** Every file a cold load of the page fetches: raw bytes and gzip -9 bytes. */
export async function pageWeight(session) {
  const context = await session.browser.newContext();
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => bodies.push(response.body().then((body) => ({ url: response.url(), body })).catch(() => null)));
  await page.goto(session.url('/'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 120000 });
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(bodies)).filter(Boolean).map(({ url, body }) => ({
    path: new URL(url).pathname,
    rawBytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
  }));
  await context.close();
  return files;
}

/**
 * Types into the training-tokens field `count` times and times each key to the
 * re-rendered results. Each key leaves a valid number (200M → 200 → 200k → 200 → 200M),
 * so every keystroke re-ranks the catalog. With `profile`, each record also
 * holds the engine calls the keystroke made.
 */
export async function keystrokes(session, count, { profile = false } = {}) {
  const context = await session.browser.newContext();
  if (profile) await routeTimingModule(context);
  await context.addInitScript(instrumentPage);
  const page = await context.newPage();
  await page.goto(session.url('/'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 120000 });
  await page.evaluate(() => { window.__bench.calls.length = 0; window.__bench.watchResults(); });
  await page.click('#w-tokens');
  await page.keyboard.press('End');
  const keys = ['Backspace', 'k', 'Backspace', 'M'];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(keys[i % keys.length]);
    await page.waitForFunction((n) => window.__bench.keys[n - 1]?.painted != null, i + 1, { timeout: 60000 });
  }
  const result = await page.evaluate(() => ({
    keys: window.__bench.keys,
    value: document.querySelector('#w-tokens').value,
    error: !document.querySelector('#recommend-error').hidden,
  }));
  await context.close();
  if (result.error) throw new Error(`the keystrokes left the form in error (tokens "${result.value}")`);
  return result.keys;
}

// First match wins. Native functions without a URL called from the glue
// (TextDecoder's `decode`) are the strings of the answer crossing into JS.
const PROFILE_CATEGORIES = [
  ['wasm code (engine and serializer)', (f) => f.url.endsWith('.wasm') || f.url.startsWith('wasm://')],
  ['strings wasm → JS (TextDecoder)', (f) => !f.url && ['decode', 'encode', 'encodeInto'].includes(f.functionName)],
  ['JS glue and wasm ↔ JS calls', (f) => /\/pkg\/gpuplan(\.real)?\.js$/.test(f.url) || ['wasm-to-js', 'js-to-wasm'].includes(f.functionName)],
  ['page JS', (f) => /\/js\/[\w-]+\.js$/.test(f.url) || f.url.endsWith('.html')],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['browser outside JS (parse, style, layout, paint)', (f) => f.functionName === '(program)'],
  ['idle', (f) => f.functionName === '(idle)'],
];

/** Self time of a CDP CPU profile, summed by category, in ms. */
export function profileByCategory(profile) {
  const category = new Map(profile.nodes.map((n) => [n.id, (PROFILE_CATEGORIES.find(([, test]) => test(n.callFrame)) ?? ['other JS and V8 built-ins'])[0]]));
  const totals = {};
  profile.samples.forEach((id, i) => {
    const name = category.get(id);
    totals[name] = (totals[name] ?? 0) + profile.timeDeltas[i] / 1000;
  });
  return totals;
}

/** A CPU profile (100 µs sampling) of `run` on `page`. */
export async function cpuProfile(page, run) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  return profileByCategory(profile);
}
