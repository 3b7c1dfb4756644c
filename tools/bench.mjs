// `./build.sh bench`: sizes of the module and catalog, and timings in headless
// Chromium (median of 5 page loads). Prints a Markdown table for docs/PERFORMANCE.md.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startSession } from '../tests/e2e/browser.mjs';

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const wasm = readFileSync(new URL('../www/pkg/gpuplan_bg.wasm', import.meta.url));
const runs = [];
const session = await startSession();
try {
  for (let i = 0; i < 5; i++) {
    const context = await session.browser.newContext();
    const page = await context.newPage();
    await page.goto(session.url('/bench.html'));
    await page.waitForSelector('body[data-result]', { state: 'attached', timeout: 30000 });
    runs.push(JSON.parse(await page.getAttribute('body', 'data-result')));
    await context.close();
  }
} finally {
  await session.close();
}
const ms = (x) => `${x.toFixed(2)} ms`;
const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
const rows = [
  ['wasm module (after wasm-opt)', `${kb(wasm.length)} raw, ${kb(gzipSync(wasm, { level: 9 }).length)} gzip`],
  ['embedded catalog', `${kb(runs[0].catalogBytes)} raw (${runs[0].offers} offers)`],
  ['module load and instantiate (median of 5 loads)', ms(median(runs.map((r) => r.moduleInitMs)))],
  ['catalog decode, first call (median of 5 loads)', ms(median(runs.map((r) => r.catalogDecodeMs)))],
  ...runs[0].listOffers.map((f, i) => [`listOffers(${f.filter})`, ms(median(runs.map((r) => r.listOffers[i].medianMs)))]),
  ...Object.keys(runs[0].engine).map((k) => [k, ms(median(runs.map((r) => r.engine[k])))]),
];
console.log(`Chromium ${session.browser.version()}, ${new Date().toISOString().slice(0, 10)}\n`);
console.log('| measure | value |\n|---|---|');
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
