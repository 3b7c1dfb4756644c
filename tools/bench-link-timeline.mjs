// Where a cold load's first result waits, on the page's clock: `node
// tools/bench-link-timeline.mjs [<www>]` loads the bench's link (tools/bench-compare.mjs
// `LINK_PATH`), or with VIEW=default the default example (`/`, drawn into the served page at
// build time), cold RUNS times (default 6), served with gzip from loopback, off-origin
// requests blocked, and prints for each load when the HTML had arrived, the document was
// created (the first script a page can run), the head's script had chosen the first view,
// `<body>` was in the DOM, the page's files had arrived, the HTML was parsed
// (`domInteractive`), first painted, `DOMContentLoaded`, the module's compile started and
// ended, the engine was instantiated (engine.js `timings.engineMs`) and the first priced
// result was in the DOM; then the medians. Untraced: a performance trace slows the page about
// 1.5–2× (docs/PERFORMANCE.md, issue 18 rounds 31 and 32).
import { instrument, LINK_PATH, median, OFF_ORIGIN_BLOCKED } from './bench-compare.mjs';
import { launch } from '../tests/e2e/browser.mjs';
import { serve } from './serve.mjs';

/**
 * Runs in the page before its own scripts: when the document was created, when the head's
 * script chose the first view and when `<body>` was in the DOM (each read when the parser
 * next lets a mutation observer run), and when `WebAssembly.compileStreaming` is first
 * called and first resolves.
 */
function markCompile() {
  const marks = { document: performance.now() };
  window.__compileMarks = marks;
  const parse = new MutationObserver(() => {
    const now = performance.now();
    if (document.documentElement.dataset.firstView) marks.head ??= now;
    if (document.body) marks.body ??= now;
    if (marks.head != null && marks.body != null) parse.disconnect();
  });
  parse.observe(document, { childList: true, subtree: true, attributeFilter: ['data-first-view'] });
  const compileStreaming = WebAssembly.compileStreaming;
  WebAssembly.compileStreaming = function (...args) {
    marks.start ??= performance.now();
    const compiled = compileStreaming.apply(this, args);
    compiled.then(() => { marks.end ??= performance.now(); }, () => {});
    return compiled;
  };
}

const dir = process.argv[2] ?? new URL('../www', import.meta.url).pathname;
const runs = Number(process.env.RUNS || 6);
const server = await serve(dir, { gzip: true });
const browser = await launch({ args: OFF_ORIGIN_BLOCKED });
const path = process.env.VIEW === 'default' ? '/' : LINK_PATH;
const COLUMNS = ['html', 'document', 'head', 'body', 'files', 'parsed', 'firstPaint', 'domContentLoaded', 'compileStart', 'compileEnd', 'instantiated', 'result'];
const loads = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    await context.addInitScript(instrument, 'gpuplan');
    await context.addInitScript(markCompile);
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}${path}`);
    await page.waitForFunction(() => window.__cmp.marks.result != null && document.body.dataset.ready === 'true', null, { timeout: 120000 });
    loads.push(await page.evaluate(async () => {
      const navigation = performance.getEntriesByType('navigation')[0];
      const { timings } = (await import('/js/engine.js')).debugState();
      const marks = window.__compileMarks;
      return {
        html: navigation.responseEnd,
        document: marks.document,
        head: marks.head ?? NaN,
        body: marks.body ?? NaN,
        files: Math.max(...performance.getEntriesByType('resource').map((e) => e.responseEnd)),
        parsed: navigation.domInteractive,
        firstPaint: window.__cmp.marks.fcp ?? NaN,
        domContentLoaded: navigation.domContentLoadedEventStart,
        compileStart: marks.start ?? NaN,
        compileEnd: marks.end ?? NaN,
        instantiated: timings.engineMs ?? NaN,
        result: window.__cmp.marks.result,
      };
    }));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`| load | ${COLUMNS.join(' | ')} |\n|---|${COLUMNS.map(() => '---:').join('|')}|`);
loads.forEach((load, i) => console.log(`| ${i + 1} | ${COLUMNS.map((c) => load[c].toFixed(0)).join(' | ')} |`));
console.log(`| median | ${COLUMNS.map((c) => median(loads.map((l) => l[c])).toFixed(0)).join(' | ')} |`);
console.log(`\nms since navigation start, ${runs} cold loads of ${path}.`);
