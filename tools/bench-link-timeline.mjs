// Where a shared link's first result waits, on the page's clock: `node
// tools/bench-link-timeline.mjs [<www>]` loads the bench's link (tools/bench-compare.mjs
// `LINK_PATH`) cold RUNS times (default 6), served with gzip from loopback, off-origin
// requests blocked, and prints for each load when the page's files had arrived, the HTML was
// parsed (`domInteractive`), first painted, `DOMContentLoaded`, the module's compile started
// and ended, the engine was instantiated (engine.js `timings.engineMs`) and the first priced
// result was in the DOM; then the medians. Untraced: a performance trace slows the page about
// 1.5–2× (docs/PERFORMANCE.md, issue 18 round 31).
import { instrument, LINK_PATH, median, OFF_ORIGIN_BLOCKED } from './bench-compare.mjs';
import { launch } from '../tests/e2e/browser.mjs';
import { serve } from './serve.mjs';

/** Runs in the page before its own scripts: when `WebAssembly.compileStreaming` is first called and first resolves. */
function markCompile() {
  const marks = {};
  window.__compileMarks = marks;
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
const COLUMNS = ['files', 'parsed', 'firstPaint', 'domContentLoaded', 'compileStart', 'compileEnd', 'instantiated', 'result'];
const loads = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    await context.addInitScript(instrument, 'gpuplan');
    await context.addInitScript(markCompile);
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}${LINK_PATH}`);
    await page.waitForFunction(() => window.__cmp.marks.result != null && document.body.dataset.ready === 'true', null, { timeout: 120000 });
    loads.push(await page.evaluate(async () => {
      const navigation = performance.getEntriesByType('navigation')[0];
      const { timings } = (await import('/js/engine.js')).debugState();
      return {
        files: Math.max(...performance.getEntriesByType('resource').map((e) => e.responseEnd)),
        parsed: navigation.domInteractive,
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        domContentLoaded: navigation.domContentLoadedEventStart,
        compileStart: window.__compileMarks.start ?? NaN,
        compileEnd: window.__compileMarks.end ?? NaN,
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
console.log(`\nms since navigation start, ${runs} cold loads of ${LINK_PATH}.`);
