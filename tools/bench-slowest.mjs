// The slowest valid request the bench can find (issue 20), timed in headless
// Chromium on the served www/ (the page's module and glue):
//
//   node tools/bench-slowest.mjs [--seconds S]      # prints Markdown for docs/PERFORMANCE.md
//
// The search starts from a grid of requests that are valid but as heavy as
// the documented bounds allow — every workload kind of tests/fuzz/seeds.json,
// each constraint list padded to 100,000 items (src/input.rs MAX_ITEMS) that
// still match something, 29,000 custom offers (src/lib.rs MAX_CUSTOM_OFFERS),
// the largest pages of candidates (1,000), "why not" entries (10,000) and
// `listOffers` offers (10,000) — then stacks features greedily on the three
// slowest, then, for `--seconds`, combines the heaviest features of the
// slowest requests so far (a simple hill climb). Only answered requests count:
// a refused one is not a valid request. Budget: 1 s a call.
//
// Each request is timed the way the page calls the engine (www/js/engine.js):
// the user's prices (custom offers included) are held by one `Planner`, built
// when they change, and every recompute is a method of it. The budget is
// judged on that call. The same request sent with its prices inline (as an
// API user may call `recommend(request)`) is timed beside it, and so is the
// Planner's one-time build, so neither cost is hidden.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startSession } from '../tests/e2e/browser.mjs';

const BUDGET_MS = 1000;
const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1] || 240);
const seeds = JSON.parse(readFileSync(new URL('../tests/fuzz/seeds.json', import.meta.url), 'utf8'));
const MAX_ITEMS = 100_000;
const MAX_CUSTOM_OFFERS = 29_000;

/** Features that make a request heavier, each applied to a copy of a valid request. */
const FEATURES = {
  paddedRegions: (r) => { r.constraints.regions = [...Array(MAX_ITEMS - 1).fill('nowhere'), 'eastus']; },
  distinctRegions: (r) => { r.constraints.regions = [...Array.from({ length: MAX_ITEMS - 1 }, (_, i) => `nowhere-${i}`), 'eastus']; },
  // Unknown providers and accelerators are refused by name, so these lists pad with known ones.
  paddedProviders: (r) => { r.constraints.providers = [...Array(MAX_ITEMS - 1).fill('azure'), 'aws']; },
  paddedAccelerators: (r) => { r.constraints.accelerators = [...Array(MAX_ITEMS - 3).fill('H100'), 'L4', 'A100-80GB']; },
  paddedVendors: (r) => { r.constraints.vendors = [...Array(MAX_ITEMS - 1).fill('nobody'), 'nvidia']; },
  paddedCompliance: (r) => { r.constraints.compliance = Array(MAX_ITEMS).fill('soc2'); r.constraints.allowUnknownCompliance = true; },
  paddedJurisdictions: (r) => { r.constraints.jurisdictions = Array(MAX_ITEMS).fill('US'); },
  customOffers: (r) => {
    r.pricing.userPrices = { customOffers: Array.from({ length: MAX_CUSTOM_OFFERS }, (_, i) => ({
      provider: 'mine', instance: `box-${i}`, region: 'eastus', accelerator: ['L4', 'H100', 'A100-80GB'][i % 3],
      gpuCount: 1 + (i % 8), onDemand: 0.5 + (i % 97) / 10,
    })) };
  },
  // The largest page of candidates (src/recommend/request.rs MAX_CANDIDATES_LIMIT) and of "why not".
  bigPage: (r) => { r.priorities.limit = 1_000; r.priorities.excludedLimit = 10_000; },
  lastPage: (r) => { r.priorities.limit = 1_000; r.priorities.offset = 3_000; },
  allPlans: (r) => { r.pricing.plan = 'best'; r.pricing.months = 36; },
};

/** The request for a seed and a set of features. */
function build(seedIndex, features) {
  const r = structuredClone(seeds.recommend[seedIndex]);
  r.constraints ??= {};
  r.priorities ??= {};
  r.pricing ??= {};
  for (const f of features) FEATURES[f](r);
  return r;
}

const session = await startSession();
const context = await session.browser.newContext();
const page = await context.newPage();
await page.goto(session.url('/bench.html'));
await page.waitForFunction(() => document.querySelector('#out').textContent !== 'running…', null, { timeout: 120_000 });

/**
 * Median of 3 timed calls in the page, or `{ refused }` when the engine refuses
 * the request. `pageMs`: the page's path (a Planner holding the request's
 * user prices, built once and timed apart as `plannerBuildMs`); `inlineMs`:
 * the free function with the prices in the request.
 */
async function time(call, request) {
  return page.evaluate(async ({ call, request }) => {
    const engine = await import('./pkg/gpuplan.js');
    const median3 = (f) => {
      const times = [];
      let size = 0;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        const answer = f();
        times.push(performance.now() - start);
        size = (answer.candidates ?? answer.excluded ?? answer.offers ?? []).length;
      }
      times.sort((a, b) => a - b);
      return { ms: times[1], size };
    };
    const page = { limit: 10_000 };
    const { userPrices, ...pricing } = request.pricing ?? {};
    const planned = { ...request, pricing };
    let planner;
    try {
      const buildStart = performance.now();
      planner = new engine.Planner(userPrices ? { userPrices } : undefined);
      const plannerBuildMs = performance.now() - buildStart;
      const onPlanner = {
        recommend: () => planner.recommend(planned),
        whyNot: () => planner.whyNot(planned, page),
        listOffers: () => planner.listOffers(request.filter),
      };
      const inlineCall = {
        recommend: () => engine.recommend(request),
        whyNot: () => engine.whyNot(request, page),
        listOffers: () => engine.listOffers({ ...request.filter, ...(userPrices ? { userPrices } : {}) }),
      };
      const onPage = median3(onPlanner[call]);
      const inline = median3(inlineCall[call]);
      return { ms: onPage.ms, inlineMs: inline.ms, plannerBuildMs, size: onPage.size };
    } catch (e) {
      return { refused: `${e.field}: ${e.message}`.slice(0, 200) };
    } finally {
      planner?.free();
    }
  }, { call, request });
}

const results = [];
/** Each request key tried, with its result (undefined when refused): no request is timed twice. */
const tried = new Map();
async function tryOne(seedIndex, features, call, filter) {
  const key = `${call}:${seedIndex}:${[...features].sort().join('+')}`;
  if (tried.has(key)) return tried.get(key);
  const request = build(filter ? 0 : seedIndex, features);
  if (filter) request.filter = filter;
  const outcome = await time(call, request);
  const label = filter ? `filter ${JSON.stringify(filter)}` : `${kinds[seedIndex]} (#${seedIndex})`;
  const result = outcome.ms === undefined ? undefined
    : { key, label, seedIndex, features, call, ms: outcome.ms, inlineMs: outcome.inlineMs, plannerBuildMs: outcome.plannerBuildMs };
  tried.set(key, result);
  if (result) results.push(result);
  // Each result as it comes, so a run cut short (a loaded machine) still says what it timed.
  console.error(`${key}: ${outcome.ms !== undefined ? `${outcome.ms.toFixed(0)} ms (inline ${outcome.inlineMs.toFixed(0)} ms, planner built in ${outcome.plannerBuildMs.toFixed(0)} ms)` : `refused (${outcome.refused})`}`);
  return result;
}

// A baseline timed the same way, first and last: on a loaded machine the
// ratio to it says more than the milliseconds.
const BASELINE = { workload: { kind: 'raw', gpuMemoryGib: 80, gpuCount: 8, hours: 100 } };
const baselineBefore = (await time('recommend', BASELINE)).ms;
const started = Date.now();
const kinds = seeds.recommend.map((r) => r.workload.kind);
// The grid, whatever `--seconds` says: every seed (every kind), each feature
// alone, the calls alternating. A grid cut short would leave kinds untried.
for (let s = 0; s < seeds.recommend.length; s++) {
  await tryOne(s, [], 'recommend');
  for (const [i, f] of Object.keys(FEATURES).entries()) await tryOne(s, [f], (s + i) % 2 ? 'whyNot' : 'recommend');
}
// listOffers at its largest page (10,000 offers), over the embedded catalog
// and with the custom offers added (every offer then matches one filter or another).
const LIST_FILTERS = [{ limit: 10_000 }, { limit: 10_000, hasPrice: true }, { limit: 10_000, text: 'a' }, { limit: 10_000, offset: 20_000 }];
for (const [i, filter] of LIST_FILTERS.entries()) {
  for (const features of [[], ['customOffers']]) await tryOne(i, features, 'listOffers', filter);
}
// The greedy stack: from the slowest request of each of the three slowest
// (call, seed) pairs so far, add every other feature in turn, keeping each that
// leaves the request valid and slower (the climb below is random and may miss
// a stack of four padded lists).
const slowestPerSeed = new Map();
for (const r of results.filter((x) => x.call !== 'listOffers').sort((a, b) => b.ms - a.ms)) {
  if (!slowestPerSeed.has(`${r.call}:${r.seedIndex}`)) slowestPerSeed.set(`${r.call}:${r.seedIndex}`, r);
}
for (const start of [...slowestPerSeed.values()].slice(0, 3)) {
  let best = start;
  for (const f of Object.keys(FEATURES)) {
    if (best.features.includes(f)) continue;
    const r = await tryOne(best.seedIndex, [...best.features, f], best.call);
    if (r && r.ms > best.ms) best = r;
  }
}
// The climb, for `--seconds` after the grid: add one more feature to one of the slowest so far.
const climbStarted = Date.now();
while ((Date.now() - climbStarted) / 1000 < seconds) {
  const top = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const base = top.filter((r) => r.call !== 'listOffers')[Math.floor(Math.random() * top.length)];
  if (!base) continue;
  const extra = Object.keys(FEATURES)[Math.floor(Math.random() * Object.keys(FEATURES).length)];
  if (base.features.includes(extra)) continue;
  await tryOne(base.seedIndex, [...base.features, extra], Math.random() < 0.5 ? 'whyNot' : 'recommend');
}
const baselineAfter = (await time('recommend', BASELINE)).ms;
await session.close();
const baseline = (baselineBefore + baselineAfter) / 2;

const sorted = results.sort((a, b) => b.ms - a.ms);
const slowest = sorted[0];
console.log(`Slowest valid request found in ${results.length} answered requests (${tried.size} tried: the grid, then a ${seconds} s climb; ${((Date.now() - started) / 1000).toFixed(0)} s in all; load average ${loadavg()[0].toFixed(1)}):\n`);
console.log(`Baseline (an 8 × 80 GB raw recommend): ${baselineBefore.toFixed(0)} ms before, ${baselineAfter.toFixed(0)} ms after.\n`);
console.log('| call | kind (seed) or filter | features | the page\'s call, median of 3 | × baseline | budget | the same inline | Planner built once |');
console.log('|---|---|---|---:|---:|---|---:|---:|');
for (const r of sorted.slice(0, 8)) {
  console.log(`| ${r.call} | ${r.label} | ${r.features.join(' + ') || 'none'} | ${r.ms.toFixed(0)} ms | ${(r.ms / baseline).toFixed(1)} | ${r.ms <= BUDGET_MS ? 'met' : '**missed**'} | ${r.inlineMs.toFixed(0)} ms | ${r.plannerBuildMs.toFixed(0)} ms |`);
}
const slowestInline = [...results].sort((a, b) => b.inlineMs - a.inlineMs)[0];
const slowestBuild = [...results].sort((a, b) => b.plannerBuildMs - a.plannerBuildMs)[0];
console.log(`\nslowest on the page's path: ${slowest.ms.toFixed(0)} ms (${slowest.key}); budget ${BUDGET_MS} ms: ${slowest.ms <= BUDGET_MS ? 'met' : 'missed'}`);
console.log(`slowest inline (the prices sent with the call): ${slowestInline.inlineMs.toFixed(0)} ms (${slowestInline.key})`);
console.log(`slowest Planner build (once per change of the user's prices): ${slowestBuild.plannerBuildMs.toFixed(0)} ms (${slowestBuild.key})`);
