// The fuzz pass through what ships (issue 20): the package's Node entry
// (pkg/node.js), so the same generated wasm-bindgen glue (pkg/gpuplan.js) and
// the same optimized module (pkg/gpuplan_bg.wasm) the npm package and the page
// load. tests/fuzz.rs fuzzes the engine natively and tests/wasm_fuzz.rs the
// Rust exports inside the test module; neither goes through the glue, frees a
// Planner, or repeats references to long strings.
//
//   node --expose-gc tools/fuzz-glue.mjs [--seconds S] [--inputs N] [--seed HEX]
//   GPUPLAN_GLUE_FUZZ_SEED=HEX GPUPLAN_GLUE_FUZZ_INPUT=I node --expose-gc tools/fuzz-glue.mjs   # one input again
//
// Each input is built from (seed, index) alone, so any input can be repeated.
// Inputs are structure-aware: valid requests of every request type
// (tests/fuzz/seeds.json) with values replaced by hostile ones, lists and
// strings at the documented bounds and one past, many references to one long
// string (the walk's 8,000,000-unit text budget either side), and Planner
// lifetimes (create, use, free, use after free, free twice, drop without
// free). Every answer must be a value without NaN/±Infinity or negative money,
// or a JS Error with a non-empty `field`, `code` and message; every call is
// followed by `version()`, and every 256th by a valid `recommend` with a
// candidate. Memory is watched per call (stated bounds below).
//
// A failing input is printed with its seed and index; add it to
// tests/fuzz/glue-regressions.json, which every run replays first.
import { readFileSync } from 'node:fs';
import { setImmediate as tick } from 'node:timers/promises';

const root = new URL('../', import.meta.url);
const seeds = JSON.parse(readFileSync(new URL('tests/fuzz/seeds.json', root), 'utf8'));
const regressions = JSON.parse(readFileSync(new URL('tests/fuzz/glue-regressions.json', root), 'utf8'));

// Bounds on memory, stated in docs/RELIABILITY.md. The module's memory never
// shrinks, so its bound is on the high-water mark of the whole run: the 8 M-unit
// text budget copied (≤ 24 MB of UTF-8 and its tree), a few live Planners
// (≈ 6.4 MiB each) and the catalog.
const WASM_MEMORY_BOUND_BYTES = 768 * 2 ** 20;
// The JS heap after a forced collection, over its level after the warm-up.
const JS_HEAP_GROWTH_BOUND_BYTES = 256 * 2 ** 20;
// One call's growth of the module's memory.
const WASM_GROWTH_PER_CALL_BOUND_BYTES = 256 * 2 ** 20;

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const seedHex = flag('--seed') ?? process.env.GPUPLAN_GLUE_FUZZ_SEED
  ?? Math.floor(Math.random() * 2 ** 32).toString(16).padStart(8, '0');
const seed = Number.parseInt(seedHex, 16) >>> 0;
const seconds = Number(flag('--seconds') ?? 60);
const maxInputs = Number(flag('--inputs') ?? Infinity);
const only = process.env.GPUPLAN_GLUE_FUZZ_INPUT;
// `--lane NAME` runs one lane of the mix only, to measure its rate.
const onlyLane = flag('--lane');

// --- the shipped module --------------------------------------------------------
let glue;
try {
  glue = await import(new URL('pkg/node.js', root));
} catch (e) {
  console.error(`fuzz-glue: cannot load pkg/node.js (run ./build.sh build first): ${e.message}`);
  process.exit(2);
}
const wasm = await glue.default();
const gc = globalThis.gc ?? (() => {});
if (!globalThis.gc) console.error('fuzz-glue: no --expose-gc; dropped Planners are collected when V8 decides');

// --- a seeded generator --------------------------------------------------------
/** mulberry32 on a state mixed from the run's seed and the input's index. */
function rng(runSeed, index) {
  let a = (runSeed ^ Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(index >>> 16, 0x85ebca6b)) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next();
  next();
  return next;
}

const MAX_ITEMS = 100_000;
const MAX_TEXT_UNITS = 100_000;
const MAX_TEXT_TOTAL_UNITS = 8_000_000;
const MAX_DEPTH = 32;

// Built once: big values are shared between inputs (the walk copies them each time).
const cache = {
  atBound: 'a'.repeat(MAX_TEXT_UNITS),
  pastBound: 'a'.repeat(MAX_TEXT_UNITS + 1),
  cjkAtBound: '中'.repeat(MAX_TEXT_UNITS),
  astral: '😀'.repeat(MAX_TEXT_UNITS / 2),
  tenMb: 'x'.repeat(10_000_000),
  keys: (n) => {
    const o = {};
    for (let i = 0; i < n; i++) o[`k${i}`] = i;
    return o;
  },
};
cache.keysAtBound = Object.freeze(cache.keys(MAX_ITEMS));
cache.keysPastBound = Object.freeze(cache.keys(MAX_ITEMS + 1));
// Lists at the item bound and one past, built once and frozen (a mutation that
// tries to edit one replaces it instead).
cache.lists = Object.fromEntries([MAX_ITEMS, MAX_ITEMS + 1, 1000, 3].map((n) => [n,
  Object.freeze(Array.from({ length: n }, (_, i) => `nowhere-${i}`))]));
const filled = new Map();
/** `Array(n).fill(value)`, built once per (n, value) and frozen. */
const fill = (n, value) => {
  const key = `${n}:${typeof value}:${String(value).length}:${String(value).slice(0, 16)}`;
  if (!filled.has(key)) filled.set(key, Object.freeze(Array(n).fill(value)));
  return filled.get(key);
};

const ENUMS = [
  'raw', 'finetune', 'pretrain', 'inference', 'devtest', 'vdi', 'hpc', 'render', 'train', 'lora', 'qlora', 'full',
  'fp8', 'bf16', 'int4', 'best', 'onDemand', 'spot', 'reserved1y', 'reserved3y', 'cheapest', 'greenest', 'fastest',
  'aws', 'azure', 'gcp', 'oci', 'eastus', 'us-east-1', 'EU', 'US', 'H100', 'A100-80GB', 'L4', 'MI300X', 'T4',
  'llama-3.1-8b', 'llama-3.1-70b', 'qwen2.5-7b', 'deepseek-v3', 'llama-9000', 'memory', 'one-instance', 'csv', 'json',
  'pricePerGpu', 'USD', 'CNY', 'EUR', 'GB200',
];

function generator(next, heavy) {
  const int = (n) => Math.floor(next() * n);
  const pick = (xs) => xs[int(xs.length)];
  const clone = (v) => structuredClone(v);
  const deep = (n, leaf, asArray) => {
    let v = leaf;
    for (let k = 0; k < n; k++) v = asArray ? [v] : { x: v };
    return v;
  };
  // Many references to one long string: the total the walk copies, either side of its budget.
  const repeated = () => {
    // A few lengths only: `fill` keeps each list it builds, so any length would grow the harness's memory.
    const s = pick([cache.atBound, cache.cjkAtBound, cache.astral, `${pick(ENUMS)}`.repeat(pick([1, 2, 17, 1000, 5000]))]);
    const budgetCount = Math.floor(MAX_TEXT_TOTAL_UNITS / s.length);
    const n = pick([budgetCount - 1, budgetCount, budgetCount + 1, 15_000, 1_000, MAX_ITEMS, MAX_ITEMS + 1]);
    return fill(Math.max(0, Math.min(n, MAX_ITEMS + 1)), s);
  };
  const atBounds = () => pick([
    () => fill(MAX_ITEMS, pick(ENUMS)),
    () => fill(MAX_ITEMS + 1, pick(ENUMS)),
    () => cache.lists[pick([MAX_ITEMS, MAX_ITEMS + 1, 1000, 3])],
    () => fill(MAX_ITEMS, 0.5),
    () => cache.keysAtBound,
    () => cache.keysPastBound,
    () => cache.atBound,
    () => cache.pastBound,
    () => cache.cjkAtBound,
    () => cache.astral,
    () => deep(MAX_DEPTH - 2, pick(ENUMS), next() < 0.5),
    () => deep(MAX_DEPTH + 1, 1, next() < 0.5),
    repeated,
  ])();
  const number = () => pick([
    0, -0, 1, -1, 0.5, 1e-9, 1e-300, 5e-324, Number.MIN_VALUE, 2.2250738585072014e-308, 1e9, 1e15, 1e300,
    Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 53, 2 ** 53 + 2, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 255, 256, 65535,
    65536, 0.15, 730, 8760, 10_000, 100_000, 100_001, NaN, Infinity, -Infinity, next() * 1000, -next() * 1e6,
  ]);
  const cheapHostile = () => pick([
    number, number, number,
    () => pick(ENUMS), () => pick(ENUMS), () => `${pick(ENUMS)}\u0000`, () => '', () => ' ', () => '\ud800',
    () => 'a\udfffb', () => '\u202eevil', () => '<img src=x onerror=alert(1)>', () => "=cmd|' /C calc'!A0",
    () => '__proto__', () => 'constructor', () => cache.tenMb,
    () => 10n, () => Symbol('s'), () => () => 1, () => class K {}, () => new Date(NaN), () => new Map([[1, 2]]),
    () => new Set([1]), () => new Float64Array([NaN]), () => new ArrayBuffer(8), () => /re/, () => new Error('e'),
    () => Promise.resolve(1), () => new String('H100'), () => new Number(8), () => Object.create(null),
    () => null, () => undefined, () => true, () => false, () => [], () => ({}),
    () => ({ get kind() { throw new Error('getter'); } }),
    () => new Proxy({}, { ownKeys() { throw new Error('ownKeys'); } }),
    () => new Proxy({ a: 1 }, { get() { throw new Error('get'); } }),
    () => new Proxy([], { get: (t, k) => (k === 'length' ? 1e10 : undefined) }),
    () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; },
    () => { const o = { kind: 'raw' }; o.self = o; return o; },

    () => { const x = []; x.length = 2 ** 32 - 1; return x; },
    () => JSON.parse('{"__proto__": {"limit": 1}}'),
    () => ({ [Symbol('k')]: 1, toJSON() { throw new Error('toJSON'); } }),
    () => { let n = 0; return { get limit() { n += 1; return n === 1 ? 1 : 1e9; } }; },
  ])();
  // The values that make the walk work at its bounds (0.02–1 s a call): only in the `bounds` and `full` lanes.
  const heavyHostile = () => pick([
    () => { let v = ['x']; for (let k = 0; k < 30; k++) v = [v, v]; return v; },
    atBounds, atBounds, atBounds,
  ])();
  const hostile = () => (heavy && next() < 0.2 ? heavyHostile() : cheapHostile());
  // Replaces, adds or removes values somewhere inside `v`, `times` times.
  const mutate = (v, times) => {
    for (let t = 0; t < times; t++) v = mutateOnce(v);
    return v;
  };
  // A hostile value already in place (a proxy, a frozen object) may refuse to be edited: then it is replaced.
  const mutateOnce = (v) => {
    try {
      return edit(v);
    } catch {
      return hostile();
    }
  };
  const edit = (v) => {
    // A typed array converts what is stored in it to a number: storing the 2^30-path list of
    // `heavyHostile` joins it into a string first (3 minutes and 1.3 GB in the harness, seed
    // 5eed0c03 input 286687), so a typed array is replaced, never edited.
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v) || next() < 0.05) return hostile();
    const keys = Object.keys(v);
    const roll = next();
    if (keys.length === 0 || roll < 0.15) {
      const key = Array.isArray(v) ? v.length : pick(['kind', 'limit', 'model', 'regions', 'providers', 'x', '__proto__']);
      v[key] = hostile();
    } else if (roll < 0.25) {
      delete v[pick(keys)];
    } else {
      const k = pick(keys);
      v[k] = next() < 0.6 && v[k] !== null && typeof v[k] === 'object' ? mutateOnce(v[k]) : hostile();
    }
    return v;
  };
  const maybe = (v) => (next() < 0.15 ? hostile() : mutate(v, int(3)));
  const hfModel = () => ({ hfConfig: maybe(clone(pick(seeds.hfConfig))) });
  // Valid shapes of every request type, then mutated.
  const recommend = () => {
    const r = clone(pick(seeds.recommend));
    if (next() < 0.1) r.workload.model = hfModel();
    if (heavy && next() < 0.15) {
      r.constraints ??= {};
      r.constraints[pick(['regions', 'providers', 'accelerators', 'vendors', 'jurisdictions', 'compliance', 'storage'])] = atBounds();
    }
    if (next() < 0.1) r.pricing = { ...(r.pricing ?? {}), userPrices: userPrices() };
    return maybe(r);
  };
  const estimate = () => {
    const r = clone(pick(seeds.estimate));
    if (next() < 0.2) r.workload = clone(pick(seeds.recommend)).workload;
    if (next() < 0.1) r.workload.model = hfModel();
    return maybe(r);
  };
  const offerRows = (n) => Array.from({ length: n }, (_, i) => ({
    provider: 'mine', instance: `box-${i}`, region: pick(['eastus', 'eu-home', 'cn-north-1']), accelerator: pick(['L4', 'H100', 'A100-80GB']),
    gpuCount: 1 + int(8), onDemand: next() * 40,
  }));
  const userPrices = () => maybe(pick([
    () => ({ discounts: { [pick(['aws', 'azure', 'gcp'])]: int(100) } }),
    () => ({ customOffers: offerRows(heavy ? pick([1, 3, 50, 1000]) : 1 + int(3)) }),
    () => ({ customOffers: [{}] }),
    () => ({ overrides: { 'aws/p4d.24xlarge/us-east-1': { onDemand: number() } } }),
  ])());
  const catalogText = () => pick([
    () => pick(seeds.csv),
    () => JSON.stringify(pick(seeds.catalogJson)),
    () => `provider,instance,region,accelerator,gpuCount,onDemand\n${offerRows(heavy ? pick([2, 500, 31_250]) : 2 + int(10)).map((o) => `${o.provider},${o.instance},${o.region},${o.accelerator},${o.gpuCount},${o.onDemand}`).join('\n')}\n`,
    () => JSON.stringify({ offers: offerRows(3).map((o) => ({ ...o, [pick(Object.keys(o))]: pick([number(), pick(ENUMS), null, '']) })) }),
    () => `\ufeff${pick(seeds.csv)}`,
    () => `${pick(seeds.csv)}${pick(ENUMS)},${heavy ? cache.atBound : pick(ENUMS)}\n`,
    () => '['.repeat(heavy ? 100_000 : 1 + int(40)),
    () => cache.tenMb,
    () => String.fromCharCode(...Array.from({ length: 256 }, (_, c) => c)),
    () => 'a,b\n"unterminated',
  ])();
  // A request narrowed to one provider and region (and sometimes one accelerator): the whole engine
  // runs, over tens of offers instead of 5,302 (3–15 ms in Node instead of 3–200 ms).
  const narrowed = () => {
    const r = clone(pick(seeds.recommend));
    const [provider, region] = pick([['azure', 'eastus'], ['aws', 'us-east-1'], ['gcp', 'us-central1'], ['oci', 'us-ashburn-1']]);
    r.constraints = { ...(r.constraints ?? {}), providers: [provider], regions: [region] };
    if (next() < 0.3) r.constraints.accelerators = [pick(['H100', 'A100-80GB', 'L4', 'T4', 'MI300X'])];
    r.priorities = { ...(r.priorities ?? {}), limit: 1 + int(5), excludedLimit: int(5) };
    return next() < 0.5 ? r : mutate(r, 1);
  };
  // Makes a request one that every export must refuse, cheaply: an unknown key in one of its
  // objects (every request type refuses unknown keys at every level, src/input.rs), a value
  // nested past the depth bound, a string one unit past the length bound or a 10 MB string, or
  // a value no field accepts. The walk and the parser refuse it before the engine runs.
  const poison = (v) => {
    try {
      return poisonAt(v);
    } catch {
      // A proxy or getter already in place that throws when read: the request is hostile already.
      return v;
    }
  };
  const poisonAt = (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || Object.isFrozen(v)) return v;
    let at = v;
    for (let d = int(3); d > 0; d--) {
      const inner = Object.keys(at).filter((k) => k !== 'hfConfig' && at[k] !== null && typeof at[k] === 'object'
        && !Array.isArray(at[k]) && !Object.isFrozen(at[k]) && Object.getPrototypeOf(at[k]) === Object.prototype);
      if (!inner.length) break;
      at = at[pick(inner)];
    }
    // Values the walk refuses wherever they are (before any field is read): certain and cheap.
    const refused = () => pick([
      () => deep(MAX_DEPTH + 1, 1, next() < 0.5),
      () => cache.pastBound,
      () => cache.tenMb,
      () => 10n,
      () => Symbol('s'),
    ])();
    const keys = Object.keys(at);
    if (next() < 0.1 || keys.length === 0) at.zzUnknown = pick([1, 'x', null, pick(ENUMS)]); // refused by the parser
    else at[pick(keys)] = refused();
    return v;
  };
  // Catalog files every call refuses: a missing column, an unterminated quote, broken JSON, the
  // wrong format, a file past 5,000,000 bytes, a cell past the length bound.
  const badCatalogText = () => pick([
    () => [`provider,instance,region\nmine,box,eastus\n`, 'csv'],
    () => [`${pick(seeds.csv)}mine,"box,eastus\n`, 'csv'],
    () => ['['.repeat(1 + int(40)), 'json'],
    () => [JSON.stringify(pick(seeds.catalogJson)).slice(0, 10 + int(40)), 'json'],
    () => [pick(seeds.csv), 'json'],
    () => [cache.tenMb, pick(['csv', 'json'])],
    () => [pick(seeds.csv), hostile()],
    () => [`${pick(seeds.csv)}mine,${cache.pastBound},eastus,L4,1,0.5\n`, 'csv'],
    () => [`${pick(seeds.csv)}mine,box,eastus,L4,${pick(['NaN', 'inf', '-1', '1e400', '0x10', '5,5'])},0.5\n`, 'csv'],
  ])();
  return { int, pick, hostile, heavyHostile, maybe, badCatalogText, recommend, estimate, userPrices, catalogText, number, narrowed, poison, mutate,
    estimateSeed: () => maybe(clone(pick(seeds.estimate))),
    tco: () => maybe(clone(pick(seeds.tco))),
    filter: () => {
      const f = clone(pick(seeds.listOffers));
      if (next() < 0.1) f.userPrices = userPrices();
      return maybe(f);
    },
    page: () => (next() < 0.2 ? undefined : maybe(clone(pick(seeds.whyNotPage)))),
    format: () => (next() < 0.9 ? pick(['csv', 'json']) : hostile()),
  };
}

// --- checks ----------------------------------------------------------------------
const MONEY = /usd|cost|price|^total|^onDemand$|^spot$|^reserved[13]y$|perhour$|permonth$/i;
/** The path of the first NaN/±Infinity or negative money in an answer, or null. */
function badNumber(value) {
  const seen = new Set();
  const walk = (x, path, key) => {
    if (typeof x === 'number') {
      if (!Number.isFinite(x)) return `${path} = ${x}`;
      if (x < 0 && MONEY.test(key) && !/saving|delta|difference|change/i.test(key)) return `${path} = ${x} (negative money)`;
      return null;
    }
    if (x === null || typeof x !== 'object' || seen.has(x)) return null;
    seen.add(x);
    for (const [k, y] of Object.entries(x)) {
      const bad = walk(y, `${path}.${k}`, k);
      if (bad) return bad;
    }
    return null;
  };
  return walk(value, '', '');
}

const TRAP = /unreachable|out of bounds|null pointer|recursive use|RuntimeError|already borrowed|closure invoked/i;
/** '' when the call answered as it must; else what was wrong. */
function judge(outcome) {
  if (outcome.ok) return badNumber(outcome.value) ? `a bad number at ${badNumber(outcome.value)}` : '';
  const e = outcome.error;
  if (e instanceof WebAssembly.RuntimeError) return `the module trapped: ${e.message}`;
  if (!(e instanceof Error)) return `threw a non-Error: ${String(e).slice(0, 200)}`;
  if (TRAP.test(e.message)) return `an internal error: ${e.message.slice(0, 300)}`;
  if (typeof e.field !== 'string' || e.field === '') return `an Error without a field: ${e.message.slice(0, 300)}`;
  if (typeof e.code !== 'string' || e.code === '' || !e.message) return `an Error without code or message (field ${e.field})`;
  return '';
}

function attempt(f) {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

const VALID = { workload: { kind: 'raw', gpuMemoryGib: 8 }, constraints: { providers: ['azure'], regions: ['eastus'] },
  priorities: { limit: 1, excludedLimit: 1 } };

/** The module still answers: `version()` always, a valid `recommend` when asked. */
function stillAnswers(full) {
  const v = attempt(() => glue.version());
  if (!v.ok || typeof v.value?.version !== 'string') return `version() failed after it: ${v.error?.message ?? 'no version'}`;
  if (!full) return '';
  const r = attempt(() => glue.recommend(structuredClone(VALID)));
  if (!r.ok) return `a valid recommend failed after it: ${r.error?.message}`;
  if (!r.value?.candidates?.length) return 'a valid recommend found no candidate after it';
  return '';
}

/** A short picture of a value, for a repeated input: long strings and lists by their length. */
function shape(value, depth = 0) {
  try {
    if (typeof value === 'string') return value.length > 40 ? `<string ${value.length}: ${JSON.stringify(value.slice(0, 12))}…>` : JSON.stringify(value);
    if (typeof value !== 'object' || value === null) return String(value);
    if (depth > 6) return '…';
    if (Array.isArray(value)) {
      return value.length > 5 ? `[${value.length} items: ${shape(value[0], depth + 1)}, …]` : `[${value.map((v) => shape(v, depth + 1)).join(', ')}]`;
    }
    const keys = Object.keys(value);
    if (keys.length > 40) return `{${keys.length} keys}`;
    return `{${keys.map((k) => `${k}: ${shape(value[k], depth + 1)}`).join(', ')}}`;
  } catch {
    return '<unreadable>';
  }
}

// --- one input -------------------------------------------------------------------
let totalCalls = 0;
// Time inside the calls themselves (the rest is generating and judging).
let callMs = 0;
// The mix, by lane (shares of inputs; docs/RELIABILITY.md states them). Most inputs are
// calls that must be refused or answered quickly, so the pass runs thousands of inputs a
// second; the whole engine over the whole catalog, and the walk at its bounds, are rarer
// because each costs 10–1,000 ms.
const LANES = [
  ['refuse', 0.8008], // a malformed or over-bound request of every export: refused by the walk or the parser
  ['quick', 0.18], // estimate, tco, small catalog files, listOffers, listModels: answered (or refused) in < 2 ms
  ['narrowed', 0.008], // recommend / whyNot narrowed to one provider and region: the whole engine, few offers
  ['planner', 0.008], // Planner lifetimes: create, use, free, use after free, free twice, drop without free
  ['full', 0.003], // the previous mix: any seed request of any export, mutated, over the whole catalog
  ['bounds', 0.0002], // values at the walk's bounds and one past: 100,000 items, 8 M text units, 2^30 paths
];
const REFUSE_EXPORTS = ['recommend', 'recommendRows', 'whyNot', 'estimate', 'tco', 'listOffers', 'parseCatalogFile', 'new Planner'];
const QUICK = Object.entries({ estimate: 35, tco: 30, parseCatalogFile: 20, listOffers: 7, listModels: 3, hostile: 5 })
  .flatMap(([name, weight]) => Array(weight).fill(name));
const WEIGHTED = Object.entries({ estimate: 30, tco: 24, parseCatalogFile: 16, hostile: 12, listOffers: 4, recommend: 2,
  whyNot: 2, catalogInfo: 1, listModels: 1 }).flatMap(([name, weight]) => Array(weight).fill(name));
const FREE_CALLS = ['recommend', 'recommendRows', 'estimate', 'whyNot', 'tco', 'listOffers', 'parseCatalogFile', 'catalogInfo', 'listModels'];
const METHODS = ['recommend', 'recommendRows', 'estimate', 'whyNot', 'tco', 'listOffers', 'catalogInfo'];
// A sanity call (a valid recommend that must find a candidate) and the memory readings every K inputs.
const SANITY_EVERY_INPUTS = 1000;

/** A free call's arguments in the heavy lanes, from the generator. */
function fullArgs(g, name, next) {
  switch (name) {
    case 'recommend': case 'recommendRows': return [g.recommend()];
    case 'estimate': return [g.estimate()];
    case 'whyNot': return [g.recommend(), g.page()];
    case 'tco': return [next() < 0.05 ? undefined : g.tco()];
    case 'listOffers': return [g.filter()];
    case 'parseCatalogFile': return [g.catalogText(), g.format()];
    case 'catalogInfo': case 'listModels': return [];
    default: return [g.hostile(), g.hostile()];
  }
}

/** A planner method's arguments: narrowed requests, so a lifetime stays cheap. */
function methodArgs(g, method) {
  switch (method) {
    case 'recommend': case 'recommendRows': return [g.narrowed()];
    case 'estimate': return [g.estimateSeed()];
    case 'whyNot': return [g.narrowed(), g.page()];
    case 'tco': return [g.tco()];
    case 'listOffers': return [g.filter()];
    default: return [];
  }
}

/** The lane of an input: a draw in [0, 1) against the cumulative shares. */
function laneOf(roll) {
  let acc = 0;
  for (const [lane, share] of LANES) {
    acc += share;
    if (roll < acc) return lane;
  }
  return LANES[0][0];
}

/**
 * Runs input `index` of the run seeded `runSeed`: a list of calls, each
 * judged. Returns { calls, failures: [{ call, why }], answered, refused, kind, exports }.
 */
function runInput(runSeed, index) {
  const next = rng(runSeed, index);
  const lane = onlyLane ?? laneOf(next());
  const g = generator(next, lane === 'full' || lane === 'bounds');
  const out = { calls: 0, answered: 0, refused: 0, failures: [], kind: lane, exports: [] };
  const call = (name, f, { expectError } = {}) => {
    const before = wasm.memory.buffer.byteLength;
    const c0 = performance.now();
    const outcome = attempt(f);
    const ms = performance.now() - c0;
    callMs += ms;
    out.calls += 1;
    let why = judge(outcome);
    if (!why && expectError && outcome.ok) why = `answered although ${expectError}`;
    if (!why && expectError && outcome.error.code !== 'freed') why = `not the "freed" error: ${outcome.error.message}`;
    const grown = wasm.memory.buffer.byteLength - before;
    if (!why && grown > WASM_GROWTH_PER_CALL_BOUND_BYTES) why = `the module's memory grew ${grown >> 20} MiB in one call`;
    if (!why && wasm.memory.buffer.byteLength > WASM_MEMORY_BOUND_BYTES) {
      why = `the module's memory is ${wasm.memory.buffer.byteLength >> 20} MiB, past the bound`;
    }
    totalCalls += 1;
    if (!why) why = stillAnswers(false);
    if (why) out.failures.push({ call: name, why });
    else if (outcome.ok) out.answered += 1;
    else out.refused += 1;
    out.exports.push([name.split(' ')[0] === 'new' ? 'new Planner' : name.replace(/ .*/, ''), outcome.ok, ms]);
    return outcome;
  };
  // Reading a hostile value already in place (a proxy, a throwing getter) may throw in the generator itself.
  const safe = (f, otherwise = undefined) => {
    try {
      return f();
    } catch {
      return otherwise === undefined ? g.hostile() : otherwise;
    }
  };
  const show = (argsOf) => {
    if (only !== undefined) console.error('arguments:', shape(argsOf));
    return argsOf;
  };
  const free = (name, argsOf) => {
    show(argsOf);
    call(name, () => glue[name](...argsOf));
  };
  if (lane === 'refuse') {
    const name = g.pick(REFUSE_EXPORTS);
    const whole = next() < 0.15;
    out.kind = `refuse ${name}`;
    switch (name) {
      case 'recommend': case 'recommendRows': free(name, [whole ? g.hostile() : g.poison(g.recommend())]); break;
      case 'whyNot': free(name, next() < 0.5 ? [g.poison(g.recommend()), g.page()] : [g.narrowed(), whole ? g.hostile() : g.poison(safe(() => {
        const p = g.page();
        return p !== null && typeof p === 'object' && Object.getPrototypeOf(p) === Object.prototype ? { ...p } : {};
      }))]); break;
      case 'estimate': free(name, [whole ? g.hostile() : g.poison(g.estimate())]); break;
      case 'tco': free(name, [whole ? g.hostile() : g.poison(g.tco())]); break;
      case 'listOffers': free(name, [whole ? g.hostile() : g.poison(g.filter())]); break;
      case 'parseCatalogFile': free(name, whole ? [g.hostile(), g.format()] : g.badCatalogText()); break;
      default: {
        const options = show([whole ? g.hostile() : g.poison({ userPrices: g.userPrices() })]);
        const made = call('new Planner', () => new glue.Planner(...options));
        if (made.ok) call('Planner.free', () => made.value.free());
      }
    }
  } else if (lane === 'quick') {
    const name = g.pick(QUICK);
    out.kind = `quick ${name}`;
    switch (name) {
      case 'estimate': free(name, [g.estimateSeed()]); break;
      case 'tco': free(name, [next() < 0.05 ? undefined : g.tco()]); break;
      case 'parseCatalogFile': free(name, [g.catalogText(), g.format()]); break;
      case 'listOffers': free(name, [g.maybe(structuredClone(g.pick(seeds.listOffers.slice(0, 3))))]); break;
      case 'listModels': free(name, []); break;
      default: free(g.pick(FREE_CALLS.filter((f) => f !== 'catalogInfo')), [g.hostile(), g.hostile()]);
    }
  } else if (lane === 'narrowed') {
    const name = g.pick(['recommend', 'recommendRows', 'whyNot']);
    out.kind = `narrowed ${name}`;
    free(name, name === 'whyNot' ? [g.narrowed(), g.page()] : [g.narrowed()]);
  } else if (lane === 'planner' && next() < 0.7) {
    // A Planner's lifetime: create, use, then free (and misuse) or drop.
    const options = next() < 0.3 ? undefined : { userPrices: g.userPrices() };
    const made = call('new Planner', () => new glue.Planner(options));
    if (!made.ok) return out;
    const planner = made.value;
    for (let k = g.int(4); k > 0; k--) {
      const method = g.pick(METHODS.filter((m) => m !== 'catalogInfo' || next() < 0.1));
      const argsOf = methodArgs(g, method);
      call(`Planner.${method}`, () => planner[method](...argsOf));
    }
    if (next() < 0.7) {
      call('Planner.free', () => planner.free());
      const method = g.pick(METHODS);
      const argsOf = methodArgs(g, method);
      call(`Planner.${method} after free()`, () => planner[method](...argsOf), { expectError: 'the planner was freed' });
      if (next() < 0.3) call('Planner.free twice', () => planner.free());
    }
    // Otherwise dropped: the glue's FinalizationRegistry frees it once collected.
  } else if (lane === 'planner') {
    // Planners dropped without free(), several at once.
    out.kind = 'planner dropped';
    for (let k = 1 + g.int(12); k > 0; k--) {
      const made = call('new Planner', () => new glue.Planner());
      if (made.ok && next() < 0.5) call('Planner.tco', () => made.value.tco(g.tco()));
    }
  } else if (lane === 'full') {
    const name = g.pick(WEIGHTED);
    const target = name === 'hostile' ? g.pick(FREE_CALLS) : name;
    out.kind = `full ${target}`;
    free(target, fullArgs(g, name, next));
  } else {
    // The walk at its bounds: one such value somewhere in a request of any export.
    const target = g.pick(FREE_CALLS.filter((f) => f !== 'catalogInfo' && f !== 'listModels'));
    out.kind = `bounds ${target}`;
    const argsOf = fullArgs(g, target, next);
    const at = safe(() => (argsOf[0] !== null && typeof argsOf[0] === 'object' && !Object.isFrozen(argsOf[0])
      && !Array.isArray(argsOf[0]) ? argsOf[0] : null), null);
    if (at && target !== 'parseCatalogFile') {
      try {
        at[g.pick(['x', 'constraints', 'workload', 'userPrices', 'regions'])] = g.heavyHostile();
      } catch { /* a proxy that refuses: kept as it is */ }
    }
    free(target, target === 'parseCatalogFile' || at ? argsOf : [g.heavyHostile(), ...argsOf.slice(1)]);
  }
  return out;
}

// --- the run ---------------------------------------------------------------------
function describe(runSeedHex, index, result) {
  return result.failures.map((f) => `FAIL seed ${runSeedHex} input ${index} (${result.kind}) ${f.call}: ${f.why}\n`
    + `  repeat: GPUPLAN_GLUE_FUZZ_SEED=${runSeedHex} GPUPLAN_GLUE_FUZZ_INPUT=${index} node --expose-gc tools/fuzz-glue.mjs`).join('\n');
}

const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

let failures = 0;
// Earlier failures first: each must pass now.
for (const { seed: s, input, found } of regressions.inputs) {
  const result = runInput(Number.parseInt(s, 16) >>> 0, input);
  if (result.failures.length) {
    failures += 1;
    console.error(`regression (${found}):\n${describe(s, input, result)}`);
  }
}

if (only !== undefined) {
  const result = runInput(seed, Number(only));
  console.log(JSON.stringify({ seed: seedHex, input: Number(only), ...result }, null, 1));
  process.exit(result.failures.length ? 1 : 0);
}

console.error(`fuzz-glue: seed ${seedHex} (repeat with GPUPLAN_GLUE_FUZZ_SEED=${seedHex}), ${seconds} s`
  + `${Number.isFinite(maxInputs) ? ` or ${maxInputs} inputs` : ''}`);
const started = performance.now();
const stats = { byLane: {}, byExport: {}, inputs: 0, calls: 0, answered: 0, refused: 0, slowestMs: 0, slowest: '', sanityCalls: 0 };
let heapBase = 0;
let unfreed = 0;
let peakHeapGrowth = 0;
let peakRss = 0;
let lastProgress = started;
const progressEverySeconds = Number(flag('--progress') ?? 0);
for (let index = 0; index < maxInputs && performance.now() - started < seconds * 1000; index++) {
  const t0 = performance.now();
  const result = runInput(seed, index);
  const ms = performance.now() - t0;
  if (ms > stats.slowestMs) Object.assign(stats, { slowestMs: ms, slowest: `${index} (${result.kind})` });
  stats.inputs += 1;
  const k = (stats.byLane[result.kind.split(' ')[0]] ??= { inputs: 0, ms: 0 });
  k.inputs += 1;
  k.ms += ms;
  for (const [name, ok, callMsOf] of result.exports) {
    const e = (stats.byExport[name] ??= { calls: 0, answered: 0, ms: 0 });
    e.calls += 1;
    e.ms += callMsOf;
    if (ok) e.answered += 1;
  }
  stats.calls += result.calls;
  stats.answered += result.answered;
  stats.refused += result.refused;
  if (result.failures.length) {
    failures += 1;
    console.error(describe(seedHex, index, result));
    if (failures >= 20) break;
  }
  // Let the FinalizationRegistry run (a forced collection, then a turn of the
  // event loop) once a few dozen Planners may be waiting, and watch the JS heap.
  if (result.kind.startsWith('planner')) unfreed += result.calls;
  if (unfreed > 48 || index % 4096 === 4095) {
    gc();
    await tick();
    unfreed = 0;
  }
  // The sanity call and the memory readings, every K inputs.
  if (index % SANITY_EVERY_INPUTS === SANITY_EVERY_INPUTS - 1) {
    stats.sanityCalls += 1;
    const why = stillAnswers(true);
    if (why) {
      failures += 1;
      console.error(`FAIL seed ${seedHex} after input ${index} (${result.kind}): ${why}`);
      if (failures >= 20) break;
    }
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }
  if (index % 65536 === 65535) {
    const heap = heapAfterGc();
    if (!heapBase) heapBase = heap;
    peakHeapGrowth = Math.max(peakHeapGrowth, heap - heapBase);
    if (heap - heapBase > JS_HEAP_GROWTH_BOUND_BYTES) {
      failures += 1;
      console.error(`FAIL seed ${seedHex} by input ${index}: the JS heap grew ${(heap - heapBase) >> 20} MiB`);
      break;
    }
  }
  if (progressEverySeconds && performance.now() - lastProgress > progressEverySeconds * 1000) {
    lastProgress = performance.now();
    console.error(`fuzz-glue: seed ${seedHex} ${stats.inputs} inputs, ${failures} failures, `
      + `${Math.round(stats.inputs / ((lastProgress - started) / 1000))} inputs/s, module ${wasm.memory.buffer.byteLength >> 20} MiB`);
  }
}
const last = stillAnswers(true);
if (last) {
  failures += 1;
  console.error(`FAIL at the end: ${last}`);
}
peakRss = Math.max(peakRss, process.memoryUsage.rss());
const elapsed = (performance.now() - started) / 1000;
const summary = {
  seed: seedHex, inputs: stats.inputs, calls: stats.calls, answered: stats.answered, refused: stats.refused,
  failures, seconds: Number(elapsed.toFixed(1)), inputsPerSecond: Math.round(stats.inputs / elapsed),
  slowestInputMs: Math.round(stats.slowestMs), callSeconds: Number((callMs / 1000).toFixed(1)), slowestInput: stats.slowest, sanityCalls: stats.sanityCalls,
  wasmMemoryMiB: wasm.memory.buffer.byteLength >> 20, peakRssMiB: peakRss >> 20, jsHeapGrowthMiB: peakHeapGrowth >> 20,
  regressionsReplayed: regressions.inputs.length,
  byLane: Object.fromEntries(Object.entries(stats.byLane).map(([k, v]) => [k, { inputs: v.inputs, ms: Math.round(v.ms) }])),
  byExport: Object.fromEntries(Object.entries(stats.byExport).map(([k, v]) => [k, { ...v, ms: Math.round(v.ms) }])),
};
console.log(JSON.stringify(summary));
process.exit(failures ? 1 : 0);
