// The scenario as plain values, independent of the page's DOM: field name →
// text, the names being the form fields' `name`s (`w.kind`, `w.tokens`,
// `c.rank`, …). Shared by the page and the widget: presets, the URL encoding
// (`v=1`), number reading, and the engine requests built from the values.

export const SCENARIO_VERSION = 1;

/** Example scenarios (shared/SCENARIOS.md); their figures are inputs a user would type, not data. */
export const PRESETS = {
  lora: { 'w.kind': 'finetune', 'w.model': 'qwen2.5-7b', 'w.method': 'lora', 'w.tokens': '200M', 'w.accelerator': 'L4' },
  serve70b: {
    'w.kind': 'inference', 'w.model': 'llama-3.1-70b', 'w.mode': 'online', 'w.requestsPerSecond': '20',
    'w.ttftTargetMs': '1000', 'w.itlTargetMs': '50', 'w.precision': 'fp8', 'w.accelerator': 'H100',
  },
  pretrain7b: { 'w.kind': 'pretrain', 'w.model': 'qwen2.5-7b', 'w.tokens': '1T', 'w.gpus': '512', 'w.accelerator': 'H100' },
  cfd: { 'w.kind': 'hpc', 'w.workTflop': '1.8e6', 'w.accelerator': 'A100-80GB' },
  render: { 'w.kind': 'render', 'w.frames': '10000', 'w.minutesPerFrame': '10', 'w.referenceAccelerator': 'L4', 'w.accelerator': 'L40S' },
  vdi: { 'w.kind': 'vdi', 'w.desktops': '50', 'w.profileGib': '4', 'w.accelerator': 'A10' },
  devbox: { 'w.kind': 'devtest', 'w.hoursPerMonth': '80', 'w.minGpuMemoryGib': '16' },
};

export const DEFAULT_PRESET = 'lora';

const SCALE = {
  k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, mn: 1e6, b: 1e9, g: 1e9, bn: 1e9, billion: 1e9, t: 1e12, trillion: 1e12,
  千: 1e3, 万: 1e4, 百万: 1e6, 千万: 1e7, 亿: 1e8, 十亿: 1e9, 万亿: 1e12,
};
const NUMBER = /^([-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:e[-+]?\d+)?)\s*([a-z]+|[千万百十亿]+)?$/i;

/**
 * "200M", "200 million", "2亿", "2e8", "200,000,000" → 2e8. Other text is
 * passed on as text so the engine names the bad field.
 */
export function readNumber(raw) {
  const text = String(raw).trim();
  const m = NUMBER.exec(text);
  if (!m || m[1] === '' || m[1] === '-' || m[1] === '+') return text;
  const base = Number(m[1].replaceAll(',', ''));
  if (!Number.isFinite(base)) return text;
  if (!m[2]) return base;
  const scale = SCALE[m[2].toLowerCase()];
  return scale ? base * scale : text;
}

/** Fields whose value is a comma-separated list. */
const LISTS = new Set(['c.providers', 'c.jurisdictions', 'c.regions', 'c.compliance']);
/** Fields whose value is always text, even when it reads as a number. */
const TEXTS = new Set(['w.kind', 'w.model', 'w.method', 'w.mode', 'w.precision', 'w.kvPrecision', 'w.recompute',
  'w.optimizer', 'w.accelerator', 'w.referenceAccelerator', 'o.measuredAccelerator', 'c.rank', 'c.plan']);

/**
 * Constraint-form fields that are pricing, not constraints. Defaults when empty
 * (left out of the request and the link): plan `best`, months 1, no API price,
 * no egress, no storage, no load profile.
 */
const PRICING = new Set(['plan', 'months', 'egressGbPerMonth', 'virtualizationOverhead']);
/** The blended plan's load profile (`pricing.load`); the engine names a missing part. */
const LOAD = { loadBaseInstances: 'baseInstances', loadPeakInstances: 'peakInstances', loadPeakHoursPerDay: 'peakHoursPerDay' };


function value(name, raw) {
  if (LISTS.has(name)) return raw.split(',').map((x) => x.trim()).filter(Boolean);
  return TEXTS.has(name) ? raw : readNumber(raw);
}

/** The `estimate` request for the values (the page adds a pasted config.json itself). */
export function estimateRequest(values) {
  const workload = { kind: values['w.kind'] ?? PRESETS[DEFAULT_PRESET]['w.kind'] };
  const request = { workload };
  const overrides = {};
  const gpuCheck = {};
  for (const [name, raw] of Object.entries(values)) {
    if (raw === '' || raw == null) continue;
    const [group, key] = [name.slice(0, 2), name.slice(2)];
    const v = value(name, String(raw));
    if (name === 'w.accelerator') request.accelerator = v;
    else if (group === 'w.' && key !== 'kind') workload[key] = v;
    else if (group === 'o.') overrides[key] = v;
    else if (group === 'g.') gpuCheck[key] = v;
  }
  if (Object.keys(overrides).length) request.overrides = overrides;
  if (Object.keys(gpuCheck).length) request.gpuCheck = gpuCheck;
  return request;
}

/** The `recommend` request: the workload and its overrides, the constraints, priorities and pricing. */
export function recommendRequest(values, userPrices, limit = 50) {
  const { workload, overrides } = estimateRequest(values);
  const constraints = {};
  const request = { workload, ...(overrides ? { overrides } : {}) };
  const priorities = { limit };
  const pricing = userPrices ? { userPrices } : {};
  for (const [name, raw] of Object.entries(values)) {
    if (!name.startsWith('c.') || raw === '' || raw == null) continue;
    const key = name.slice(2);
    const v = value(name, String(raw));
    if (key === 'rank') priorities.rank = v;
    else if (PRICING.has(key)) pricing[key] = v;
    else if (key === 'storageGb') pricing.storage = [{ kind: 'object', gb: v }];
    else if (LOAD[key]) pricing.load = { ...pricing.load, [LOAD[key]]: v };
    else if (key === 'apiInputUsdPerMTok' || key === 'apiOutputUsdPerMTok') {
      // Both prices or neither: one alone is sent as given, so the engine names the missing one.
      const field = key === 'apiInputUsdPerMTok' ? 'inputUsdPerMTok' : 'outputUsdPerMTok';
      pricing.apiPrice = { ...pricing.apiPrice, [field]: v };
    } else constraints[key] = v;
  }
  return { ...request, constraints, priorities, pricing };
}

/**
 * The canonical query for a scenario: `v=1` first, then every non-empty field
 * in name order, so one scenario always gives one link.
 */
export function encodeScenario(values, extra = {}) {
  const params = new URLSearchParams();
  params.set('v', String(SCENARIO_VERSION));
  const all = { ...values, ...extra };
  for (const name of Object.keys(all).sort()) {
    const raw = all[name];
    if (raw !== '' && raw != null) params.set(name, String(raw));
  }
  return params.toString();
}

const NAME = /^(?:[wocg]\.[A-Za-z]+|[A-Za-z]+)$/;
const MAX_VALUE_LENGTH = 200;

/**
 * Reads a query. Returns `{ status, values }`: `none` (no scenario in it),
 * `ok`, `old` (a scenario link without a version, or another version) or
 * `bad` (malformed); only `ok` carries values.
 */
export function decodeScenario(query) {
  let params;
  try {
    params = new URLSearchParams(query);
  } catch {
    return { status: 'bad', values: {} };
  }
  const names = [...params.keys()].filter((n) => /^[wocg]\./.test(n));
  const version = params.get('v');
  if (version === null) return { status: names.length ? 'old' : 'none', values: {} };
  if (version !== String(SCENARIO_VERSION)) return { status: 'old', values: {} };
  const values = {};
  for (const [name, raw] of params) {
    if (name === 'v') continue;
    if (!NAME.test(name) || raw.length > MAX_VALUE_LENGTH) return { status: 'bad', values: {} };
    values[name] = raw;
  }
  if (!values['w.kind']) return { status: 'bad', values: {} };
  return { status: 'ok', values };
}
