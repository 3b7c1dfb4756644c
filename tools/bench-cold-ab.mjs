// Cold-load A/B of two built pages: `node tools/bench-cold-ab.mjs <www before> <www after>`
// serves both with gzip from loopback (off-origin requests blocked) and alternates cold
// loads of each, the default example and the bench's shared link (tools/bench-compare.mjs
// `coldLoads`, the first priced result in the DOM and its frame painted), so both see the
// same machine load; which page goes first swaps every run. RUNS (default 12) loads of each
// page and target.
import { coldLoads, LINK_PATH, median, OFF_ORIGIN_BLOCKED } from './bench-compare.mjs';
import { launch } from '../tests/e2e/browser.mjs';
import { serve } from './serve.mjs';

const [before, after] = process.argv.slice(2, 4);
if (!before || !after) {
  console.error('usage: node tools/bench-cold-ab.mjs <www before> <www after>');
  process.exit(2);
}
const runs = Number(process.env.RUNS || 12);
const servers = { before: await serve(before, { gzip: true }), after: await serve(after, { gzip: true }) };
const browser = await launch({ args: OFF_ORIGIN_BLOCKED });
const url = (target) => `http://127.0.0.1:${servers[target.server].address().port}${target.path}`;
const loads = {};
for (let run = 0; run < runs; run++) {
  const targets = {};
  for (const name of run % 2 ? ['after', 'before'] : ['before', 'after']) {
    targets[`${name} default`] = { server: name, path: '/', kind: 'gpuplan' };
    targets[`${name} link`] = { server: name, path: LINK_PATH, kind: 'gpuplan' };
  }
  for (const [name, list] of Object.entries(await coldLoads({ browser, targets, url }, 1))) {
    (loads[name] ??= []).push(...list);
  }
}
console.log('| target | first result, median | its frame painted, median | first contentful paint, median |\n|---|---:|---:|---:|');
for (const name of ['before default', 'after default', 'before link', 'after link']) {
  const list = loads[name];
  console.log(`| ${name} | ${median(list.map((l) => l.result)).toFixed(1)} ms | ${median(list.map((l) => l.painted)).toFixed(1)} ms | ${median(list.map((l) => l.fcp)).toFixed(1)} ms |`);
}
console.log(`\n${runs} cold loads of each, interleaved.`);
await browser.close();
await Promise.all(Object.values(servers).map((s) => new Promise((ok) => s.close(ok))));
