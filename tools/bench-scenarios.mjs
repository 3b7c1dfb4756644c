// Random valid `recommend` requests for the benchmark: all 8 workload kinds,
// random models, sizes and constraints, with each range's bounds drawn on
// purpose (docs/API.md gives the ranges). Seeded, so every run times the same
// 1,000 requests.

/** mulberry32: a small seeded generator; enough for picking test inputs. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const KINDS = ['pretrain', 'finetune', 'inference', 'hpc', 'render', 'vdi', 'devtest', 'raw'];
const COMPLIANCE = ['hipaa', 'soc2', 'iso27001', 'gdpr', 'pcidss', 'fedramp', 'mlps'];
const JURISDICTIONS = ['EU', 'US', 'CN', 'UK', 'other', 'unknown'];
const RANKS = ['cheapest', 'fastest', 'balanced', 'greenest'];
const INTERCONNECTS = ['nvlink', 'pcie', 'infiniband', 'roce', 'ethernet'];

/**
 * `catalog`: `{ models: [id], accelerators: [key], hpcAccelerators: [key], graphicsAccelerators: [key],
 * providers: [id], regions: [id], vendors: [name] }`, read from the module.
 */
export function scenarios(count, catalog, seed = 8) {
  const random = seeded(seed);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const chance = (p) => random() < p;
  const some = (xs, max) => {
    const n = 1 + Math.floor(random() * max);
    return [...new Set(Array.from({ length: n }, () => pick(xs)))];
  };
  // A value in [min, max]: one draw in ten is a bound, the rest log-uniform
  // (uniform when the range starts at 0 and is short).
  const within = (min, max, { whole = false } = {}) => {
    const r = random();
    if (r < 0.05) return min;
    if (r < 0.1) return max;
    const lo = Math.max(min, max / 1e9, 1e-9);
    const v = lo * (max / lo) ** random();
    return whole ? Math.max(min, Math.round(v)) : Number(v.toPrecision(4));
  };
  const maybe = (p, f) => (chance(p) ? f() : undefined);
  const model = () => pick(catalog.models);

  const training = (kind) => {
    const gpus = pick([1, 1, 2, 4, 8, 16, 64, 512, 1e7]);
    const tensor = pick([1, 2, 4, 8].filter((t) => t <= gpus));
    const w = {
      kind,
      model: model(),
      tokens: within(0, 1e18),
      precision: maybe(0.5, () => pick(['bf16', 'fp16', 'fp8', 'fp32'])),
      contextTokens: maybe(0.3, () => within(1, 1e7, { whole: true })),
      microBatch: maybe(0.3, () => within(1, 1e7, { whole: true })),
      recompute: maybe(0.3, () => pick(['none', 'selective', 'full'])),
      zeroStage: maybe(0.4, () => pick([0, 1, 2, 3])),
      gpus,
      tensorParallel: tensor,
      pipelineParallel: tensor * 2 <= gpus && chance(0.3) ? 2 : 1,
      optimizer: maybe(0.3, () => pick(['adam', 'adam8bit', 'sgd'])),
      interconnect: maybe(0.2, () => pick(INTERCONNECTS)),
    };
    if (kind === 'finetune') {
      w.method = pick(['full', 'lora', 'qlora']);
      w.loraRank = maybe(0.3, () => within(1, 4096, { whole: true }));
    } else if (chance(0.2)) {
      w.method = 'full';
    }
    return w;
  };

  const workload = (kind) => {
    switch (kind) {
      case 'pretrain':
      case 'finetune':
        return training(kind);
      case 'inference': {
        const mode = pick(['online', 'batch']);
        return {
          kind,
          model: model(),
          mode,
          precision: maybe(0.5, () => pick(['bf16', 'fp16', 'fp8', 'int8', 'int4'])),
          kvPrecision: maybe(0.3, () => pick(['bf16', 'fp8', 'int4'])),
          promptTokens: maybe(0.5, () => within(1, 1e7, { whole: true })),
          outputTokens: maybe(0.5, () => within(1, 1e7, { whole: true })),
          concurrency: maybe(0.3, () => within(1e-9, 1e15)),
          requestsPerSecond: mode === 'online' ? maybe(0.7, () => within(1e-9, 1e15)) : undefined,
          ttftTargetMs: mode === 'online' ? maybe(0.5, () => within(1e-9, 1e15)) : undefined,
          itlTargetMs: mode === 'online' ? maybe(0.3, () => within(1e-9, 1e15)) : undefined,
          tokensPerDay: mode === 'batch' ? maybe(0.7, () => within(1e-9, 1e15)) : undefined,
          gpus: maybe(0.2, () => pick([1, 2, 4, 8])),
        };
      }
      case 'hpc':
        return chance(0.5)
          ? { kind, precision: pick(['fp64', 'fp32']), workTflop: within(0, 1e12), memoryGibPerJob: maybe(0.5, () => within(0, 1e7)) }
          : { kind, referenceHours: within(0.001, 1e6), referenceAccelerator: pick(catalog.hpcAccelerators), jobs: maybe(0.3, () => within(1, 1e4, { whole: true })) };
      case 'render':
        return {
          kind,
          frames: within(1, 1e7, { whole: true }),
          minutesPerFrame: within(1e-6, 1e7),
          referenceAccelerator: pick(catalog.graphicsAccelerators),
          memoryGib: maybe(0.5, () => within(0, 1e5)),
        };
      case 'vdi':
        return { kind, desktops: within(1, 1e5, { whole: true }), profileGib: within(0.25, 1024), hoursPerMonth: maybe(0.5, () => within(0, 744)) };
      case 'devtest':
        return { kind, hoursPerMonth: within(0, 744), minGpuMemoryGib: maybe(0.5, () => within(0, 1e5)) };
      default:
        return {
          kind: 'raw',
          gpuMemoryGib: within(0, 1e5),
          gpuCount: maybe(0.7, () => pick([1, 2, 4, 8, 16, 1e7])),
          hours: maybe(0.7, () => within(0, 1e7)),
          precision: maybe(0.3, () => pick(['bf16', 'fp8', 'fp32', 'fp64'])),
          interconnect: maybe(0.2, () => pick(INTERCONNECTS)),
        };
    }
  };

  const constraints = () => ({
    providers: maybe(0.25, () => some(catalog.providers, 3)),
    regions: maybe(0.05, () => some(catalog.regions, 4)),
    jurisdictions: maybe(0.2, () => some(JURISDICTIONS, 2)),
    compliance: maybe(0.15, () => some(COMPLIANCE, 2)),
    allowUnknownCompliance: maybe(0.1, () => true),
    confidentialComputing: maybe(0.03, () => true),
    bareMetal: maybe(0.03, () => true),
    vendors: maybe(0.1, () => some(catalog.vendors, 2)),
    softwareStacks: maybe(0.1, () => some(['cuda', 'rocm', 'xla', 'neuron'], 2)),
    accelerators: maybe(0.1, () => some(catalog.accelerators, 3)),
    deadlineHours: maybe(0.2, () => within(0.001, 1e7)),
    budgetUsd: maybe(0.2, () => within(0, 1e12)),
    includeDoubtfulPrices: maybe(0.1, () => true),
  });

  const requests = [];
  for (let i = 0; i < count; i++) {
    const kind = KINDS[i % KINDS.length];
    requests.push(clean({
      workload: workload(kind),
      constraints: constraints(),
      pricing: {
        virtualizationOverhead: maybe(0.2, () => within(0, 0.15)),
        serviceHours: maybe(0.1, () => within(0.001, 1e6)),
      },
      // The page asks for 50 candidates.
      priorities: { rank: pick(RANKS), limit: 50 },
      overrides: maybe(0.1, () => ({ utilization: within(0.001, 1), overheadGib: within(0, 1000) })),
    }));
  }
  return requests;
}

/** Drops undefined fields and empty objects, as the page's forms do. */
function clean(value) {
  if (Array.isArray(value) || value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    const c = clean(v);
    if (c === undefined) continue;
    if (c && typeof c === 'object' && !Array.isArray(c) && Object.keys(c).length === 0) continue;
    out[k] = c;
  }
  return out;
}
