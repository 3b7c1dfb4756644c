// The module's share of a keystroke, without the page: `recommendRows` through the
// package's `Planner` in Node, as the page asks on each key it types into "Training
// tokens" (the default LoRA scenario, 100 rows, no left-out offers; the token count
// cycling 200M, 200, 200k, 200 as the browser bench types it). With SCENARIO=serve, the
// shared link's workload instead (serve Llama 3.1 70B at 20 requests/s) with its
// requests per second typed the same way (20, 2, 200, 2).
//
//   node tools/bench-module.mjs <package folder> [<package folder> …]
//
// A package folder is pkg/ after `./build.sh build` (or a copy of it kept from before a
// change, or one whose gpuplan_bg.wasm was swapped for a variant). Several folders are timed
// in interleaved rounds (ROUNDS, default 3), each in a fresh Node process so that one
// module's compiled code does not warm another's; each round times CALLS (default 300) warm
// calls after 60. Prints p50 and p95 per folder and round (docs/PERFORMANCE.md, issue 18
// round 28). With BROWSER=1 each round runs in a fresh headless Chromium instead (the folder
// served on loopback): its V8 is the page's, and a module can differ there where Node's does
// not (round 45: a keystroke's call 2.2 → 3.1 ms in Chromium, 2.43 → 2.45 ms in Node).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const CHILD = 'GPUPLAN_BENCH_MODULE_CHILD';

/** The timed calls, in Node or in a page (`glue` the package's module, initialised). */
async function timeCalls(glue, { serve, calls }) {
  const planner = new glue.Planner({});
  const request = (value) => ({
    workload: serve
      ? { kind: 'inference', model: 'llama-3.1-70b', requestsPerSecond: value }
      : { kind: 'finetune', model: 'qwen2.5-7b', method: 'lora', tokens: value },
    constraints: {},
    priorities: { limit: 100, excludedLimit: 0, rank: 'cheapest' },
    pricing: {},
  });
  // What each key leaves in the field: training tokens, or requests per second.
  const typed = serve ? [20, 2, 200, 2] : [2e8, 200, 2e5, 200];
  for (let i = 0; i < 60; i++) planner.recommendRows(request(typed[i % 4]));
  const ms = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    planner.recommendRows(request(typed[i % 4]));
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

/** One round in a fresh Chromium: the folder served on loopback, the calls made in its page. */
async function inBrowser(dir, options) {
  const { launch } = await import('../tests/e2e/browser.mjs');
  const { serve } = await import('./serve.mjs');
  const server = await serve(dir);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/package.json`);
    return await page.evaluate(
      async ([source, opts]) => {
        const glue = await import('/gpuplan.js');
        await glue.default({ module_or_path: '/gpuplan_bg.wasm' });
        // The same function as Node runs, passed as its source.
        return (0, eval)(`(${source})`)(glue, opts);
      },
      [timeCalls.toString(), options],
    );
  } finally {
    await browser.close();
    await new Promise((ok) => server.close(ok));
  }
}

const options = { serve: process.env.SCENARIO === 'serve', calls: Number(process.env.CALLS || 300) };
if (process.env[CHILD]) {
  const glue = await import(pathToFileURL(resolve(process.env[CHILD], 'node.js')).href);
  await glue.default();
  console.log(JSON.stringify(await timeCalls(glue, options)));
} else {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node tools/bench-module.mjs <package folder> [<package folder> …]');
    process.exit(2);
  }
  const rounds = Number(process.env.ROUNDS || 3);
  const rows = dirs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...dirs.keys()].reverse() : [...dirs.keys()];
    for (const k of order) {
      if (process.env.BROWSER) {
        rows[k].push(await inBrowser(dirs[k], options));
        continue;
      }
      const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname], {
        env: { ...process.env, [CHILD]: dirs[k] },
        encoding: 'utf8',
      });
      rows[k].push(JSON.parse(out));
    }
  }
  console.log('| package | p50 per round (ms) | p95 per round (ms) |\n|---|---|---|');
  dirs.forEach((dir, k) => {
    const list = (key) => rows[k].map((r) => r[key].toFixed(2)).join(' / ');
    console.log(`| ${dir} | ${list('p50')} | ${list('p95')} |`);
  });
}
