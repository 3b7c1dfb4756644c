// The one table of the page's inputs. The forms (estimate, constraints, offer
// filter, buy or rent), the scenario link and the engine requests are all
// generated from it, and it is the one place that says which workload kinds
// show a field, how its text is read and where it goes in a request. The
// widget's attributes can use it too (`FIELDS`, `readNumber`, `requestFrom`).
//
// A field: `name` (its scenario/link name and the control's `name`), `id` (the
// control's id; kept stable: links, tests and labels use them), `group` (the
// form part it is drawn in), `type` (number | text | select | list | boolean |
// textarea), `label` (i18n key), `kinds` (workload kinds that show it; absent:
// always shown), `path` (where its value goes in the request; default from the
// name: `w.x` → workload.x, `o.x` → overrides.x, `g.x` → gpuCheck.x, `c.x` →
// constraints.x), `error` (the engine's field path whose errors it shows).
import { hasText, setNumberFields, t } from './i18n.js';

const TRAINING = ['pretrain', 'finetune'];
const LLM = ['pretrain', 'finetune', 'inference'];
const NONE = ['', '—'];
const ANY = ['', 'any'];
const JURISDICTIONS = [ANY, ['EU', 'jurisdiction.EU'], ['US', 'jurisdiction.US'], ['CN', 'jurisdiction.CN'], ['UK', 'jurisdiction.UK']];
/** The currencies every figure can be shown in (rates: `catalogInfo().displayRates` or the user's). */
export const CURRENCIES = [['', 'cur.name.USD'], ['CNY', 'cur.name.CNY'], ['EUR', 'cur.name.EUR']];
const PLANS = [['onDemand', 'plan.onDemand'], ['reserved1y', 'plan.reserved1y'], ['reserved3y', 'plan.reserved3y'], ['spot', 'plan.spot'], ['blended', 'plan.blended']];

/** Shorthand for a workload field (`w.x` → workload.x, errors on workload.x). */
const w = (key, label, type, more = {}) => ({ name: `w.${key}`, label, type, error: `workload.${key}`, ...more });
const o = (key, label, type, more = {}) => ({ name: `o.${key}`, label, type, error: `overrides.${key}`, group: 'advanced', ...more });
const g = (key, label, more = {}) => ({ name: `g.${key}`, label, type: 'number', error: `gpuCheck.${key}`, group: 'advanced', ...more });
const c = (key, label, type, more = {}) => ({ name: `c.${key}`, label, type, group: 'constraints', ...more });
const tco = (name, id, label, path, type = 'number') => ({ name, id, label, type, group: 'tco', path, error: null });
const filter = (name, id, label, type, more = {}) => ({ name, id, label, type, group: 'filter', path: [name], error: name, ...more });

export const FIELDS = [
  w('kind', 'w.kind', 'select', {
    id: 'w-kind', error: null,
    options: ['finetune', 'pretrain', 'inference', 'hpc', 'render', 'vdi', 'devtest', 'raw'].map((k) => [k, `kind.${k}`]),
  }),
  w('model', 'w.model', 'select', { id: 'w-model', kinds: LLM, options: [] }),
  w('method', 'w.method', 'select', { id: 'w-method', kinds: ['finetune'], error: null, options: [['lora', 'LoRA'], ['qlora', 'QLoRA'], ['full', 'method.full']] }),
  w('tokens', 'w.tokens', 'number', { id: 'w-tokens', kinds: TRAINING, placeholder: '200M, 1T' }),
  w('precision', 'w.precision', 'select', {
    id: 'w-precision', kinds: [...LLM, 'raw'],
    options: [NONE, ['bf16', 'BF16'], ['fp16', 'FP16'], ['fp8', 'FP8'], ['int8', 'INT8'], ['int4', 'INT4'], ['fp32', 'FP32']],
  }),
  w('gpus', 'w.gpus', 'number', { id: 'w-gpus', kinds: TRAINING, placeholder: '1' }),
  w('mode', 'w.mode', 'select', { id: 'w-mode', kinds: ['inference'], error: null, options: [['online', 'mode.online'], ['batch', 'mode.batch']] }),
  w('requestsPerSecond', 'w.rps', 'number', { id: 'w-rps', kinds: ['inference'] }),
  w('promptTokens', 'w.prompt', 'number', { id: 'w-prompt', kinds: ['inference'], placeholder: '512' }),
  w('outputTokens', 'w.output', 'number', { id: 'w-output', kinds: ['inference'], placeholder: '256' }),
  w('ttftTargetMs', 'w.ttft', 'number', { id: 'w-ttft', kinds: ['inference'], term: 'ttft' }),
  w('itlTargetMs', 'w.itl', 'number', { id: 'w-itl', kinds: ['inference'], term: 'itl' }),
  w('tokensPerDay', 'w.tokensPerDay', 'number', { id: 'w-tpd', kinds: ['inference'] }),
  // Train, then serve (`phases`): the trained model served online for some months. Plain
  // names (no `w.`): they are in the link but not in the estimate's request; scenario.js
  // `servePhases` makes the `phases` of the ranking from them.
  { name: 'thenServe', id: 'p-serve', label: 'w.thenServe', type: 'boolean', kinds: TRAINING, error: null },
  { name: 'serveRps', id: 'p-serve-rps', label: 'w.serveRps', type: 'number', kinds: TRAINING, error: 'phases[1].workload.requestsPerSecond' },
  { name: 'serveMonths', id: 'p-serve-months', label: 'w.serveMonths', type: 'number', kinds: TRAINING, error: 'phases[1].months', placeholder: '12' },
  w('workTflop', 'w.work', 'number', { id: 'w-work', kinds: ['hpc'], placeholder: '1.8e6' }),
  w('memoryGibPerJob', 'w.jobMemory', 'number', { id: 'w-jobmem', kinds: ['hpc'] }),
  w('frames', 'w.frames', 'number', { id: 'w-frames', kinds: ['render'] }),
  w('minutesPerFrame', 'w.minutesPerFrame', 'number', { id: 'w-mpf', kinds: ['render'] }),
  w('referenceAccelerator', 'w.reference', 'select', { id: 'w-ref', kinds: ['render'], accelerators: true, options: [] }),
  w('desktops', 'w.desktops', 'number', { id: 'w-desktops', kinds: ['vdi'] }),
  w('profileGib', 'w.profile', 'number', { id: 'w-profile', kinds: ['vdi'], placeholder: '4' }),
  w('hoursPerMonth', 'w.hoursPerMonth', 'number', { id: 'w-hours', kinds: ['devtest'] }),
  w('minGpuMemoryGib', 'w.minGpuMemory', 'number', { id: 'w-minmem', kinds: ['devtest'] }),
  w('gpuMemoryGib', 'w.gpuMemory', 'number', { id: 'w-rawmem', kinds: ['raw'] }),
  w('gpuCount', 'w.gpuCount', 'number', { id: 'w-rawcount', kinds: ['raw'] }),
  w('hours', 'w.hours', 'number', { id: 'w-rawhours', kinds: ['raw'] }),
  w('accelerator', 'w.accelerator', 'select', {
    id: 'w-accel', kinds: [...LLM, 'hpc', 'render', 'vdi'], path: ['accelerator'], error: 'accelerator',
    accelerators: true, options: [['', 'w.noAccelerator']],
  }),
  // Not in the link (too long): kept in local storage by estimate.js; shown only for a custom model.
  w('hfConfig', 'w.hfConfig', 'textarea', {
    id: 'w-hf', fieldId: 'hf-config-field', kinds: LLM, wide: true, inLink: false, error: 'workload.model.hfConfig',
    placeholder: '{"num_hidden_layers": 32, "hidden_size": 4096, …}',
  }),
  g('parallelFraction', 'g.parallel', { id: 'g-parallel', placeholder: '0.95' }),
  g('transferGibPerStep', 'g.transfer', { id: 'g-transfer' }),
  g('cpuSecondsPerStep', 'g.cpuSeconds', { id: 'g-cpu' }),
  w('contextTokens', 'w.context', 'number', { id: 'w-context', kinds: LLM, group: 'advanced' }),
  w('microBatch', 'w.microBatch', 'number', { id: 'w-mb', kinds: TRAINING, group: 'advanced', placeholder: '1' }),
  w('recompute', 'w.recompute', 'select', {
    id: 'w-recompute', kinds: TRAINING, group: 'advanced', error: null,
    options: [NONE, ['none', 'recompute.none'], ['selective', 'recompute.selective'], ['selective-op', 'recompute.selectiveOp'], ['full', 'recompute.full']],
  }),
  w('zeroStage', 'w.zero', 'select', { id: 'w-zero', kinds: TRAINING, group: 'advanced', error: null, numeric: true, options: [NONE, ...['0', '1', '2', '3'].map((n) => [n, n])] }),
  w('optimizer', 'w.optimizer', 'select', {
    id: 'w-opt', kinds: TRAINING, group: 'advanced', error: null,
    options: [NONE, ['adam', 'Adam'], ['adam8bit', 'optimizer.adam8bit'], ['sgd', 'SGD']],
  }),
  // A mixture-of-experts layer's dispatch: left out, the estimate expects the host's wait and its
  // range's fast end has none (docs/API.md `expertDispatch`); the note on a MoE estimate names it.
  w('expertDispatch', 'w.expertDispatch', 'select', {
    id: 'w-dispatch', kinds: TRAINING, group: 'advanced', error: null,
    options: [NONE, ['host-synchronized', 'dispatch.host'], ['device', 'dispatch.device']],
  }),
  // How a cross-node all-to-all sends a token: left out, once per expert expected and once per
  // node at the range's fast end (docs/API.md `expertAllToAll`); the note on such a layout names it.
  w('expertAllToAll', 'w.expertAllToAll', 'select', {
    id: 'w-all-to-all', kinds: TRAINING, group: 'advanced', error: null,
    options: [NONE, ['per-expert', 'allToAll.perExpert'], ['per-node', 'allToAll.perNode']],
  }),
  w('concurrency', 'w.concurrency', 'number', { id: 'w-conc', kinds: ['inference'], group: 'advanced' }),
  w('cachedPromptTokens', 'w.cachedPrompt', 'number', { id: 'w-cached-prompt', kinds: ['inference'], group: 'advanced', placeholder: '0' }),
  w('kvPrecision', 'w.kvPrecision', 'select', { id: 'w-kv', kinds: ['inference'], group: 'advanced', error: null, options: [NONE, ['bf16', 'BF16'], ['fp8', 'FP8'], ['int4', 'INT4']] }),
  o('utilization', 'o.utilization', 'number', { id: 'o-util', kinds: TRAINING, term: 'mfu' }),
  o('measuredTokensPerSecond', 'o.measured', 'number', { id: 'o-measured', kinds: LLM }),
  o('measuredAccelerator', 'o.measuredOn', 'select', { id: 'o-measured-on', kinds: LLM, accelerators: true, options: [NONE] }),
  o('bandwidthEfficiency', 'o.bandwidth', 'number', { id: 'o-mbu', kinds: ['inference'] }),
  o('overheadGib', 'o.overhead', 'number', { id: 'o-overhead' }),

  c('rank', 'c.rank', 'select', { id: 'c-rank', path: ['priorities', 'rank'], options: [['cheapest', 'rank.cheapest'], ['risk-adjusted', 'rank.riskAdjusted'], ['fastest', 'rank.fastest'], ['balanced', 'rank.balanced'], ['greenest', 'rank.greenest']] }),
  c('providers', 'c.providers', 'list', { id: 'c-providers', error: 'constraints.providers', placeholder: 'azure, aws, gcp' }),
  c('jurisdictions', 'jurisdiction', 'list', { id: 'c-jurisdiction', control: 'select', options: JURISDICTIONS }),
  c('regions', 'c.regions', 'list', { id: 'c-regions', placeholder: 'eastus, westeurope' }),
  c('compliance', 'c.compliance', 'list', {
    id: 'c-compliance', control: 'select',
    options: [['', 'c.none'], ['hipaa', 'HIPAA BAA'], ['soc2', 'SOC 2 Type II'], ['iso27001', 'ISO 27001'], ['gdpr', 'c.gdpr'], ['mlps', 'c.mlps']],
  }),
  c('deadlineHours', 'c.deadline', 'number', { id: 'c-deadline', error: 'constraints.deadlineHours', placeholder: '720' }),
  c('budgetUsd', 'c.budget', 'number', { id: 'c-budget', error: 'constraints.budgetUsd' }),
  c('usersCountry', 'c.usersCountry', 'text', { id: 'c-users', error: 'constraints.usersCountry', placeholder: 'DE' }),
  c('virtualizationOverhead', 'c.overhead', 'number', { id: 'c-overhead', path: ['pricing', 'virtualizationOverhead'], error: 'pricing.virtualizationOverhead', placeholder: '0.05' }),
  c('plan', 'cost.planField', 'select', { id: 'c-plan', path: ['pricing', 'plan'], error: 'pricing.plan', errorId: 'c-plan-error', options: [['', 'plan.best'], ...PLANS] }),
  c('months', 'cost.monthsField', 'number', { id: 'c-months', path: ['pricing', 'months'], error: 'pricing.months', errorId: 'c-months-error', placeholder: '12' }),
  // The currency figures are shown in. In no request (the engine answers in USD; www/js/format.js
  // converts at the rate shown under the form); empty is USD, so the default link stays as it was.
  {
    name: 'c.currency', id: 'c-currency', label: 'c.currency', type: 'select', group: 'constraints',
    path: ['display', 'currency'], error: null, describedBy: 'currency-rate', options: CURRENCIES,
  },
  // Both API prices or neither: one alone is sent as given, so the engine names the missing one.
  c('apiInputUsdPerMTok', 'cost.apiInField', 'number', { id: 'c-api-in', group: 'pricingMore', path: ['pricing', 'apiPrice', 'inputUsdPerMTok'], describedBy: 'c-api-error' }),
  c('apiOutputUsdPerMTok', 'cost.apiOutField', 'number', { id: 'c-api-out', group: 'pricingMore', path: ['pricing', 'apiPrice', 'outputUsdPerMTok'], error: 'pricing.apiPrice', errorId: 'c-api-error' }),
  c('egressGbPerMonth', 'cost.egressField', 'number', { id: 'c-egress', group: 'pricingMore', path: ['pricing', 'egressGbPerMonth'], error: 'pricing.egressGbPerMonth', errorId: 'c-egress-error' }),
  c('storageGb', 'cost.storageField', 'number', {
    id: 'c-storage', group: 'pricingMore', path: ['pricing', 'storage'], error: 'pricing.storage', errorId: 'c-storage-error',
    wrap: (gb) => [{ kind: 'object', gb }],
  }),
  // Desktops on a provider where you bring the NVIDIA vGPU licences: your quote per desktop-month.
  c('vgpuLicenceUsdPerDesktopMonth', 'cost.vgpuLicenceField', 'number', {
    id: 'c-vgpu-licence', group: 'pricingMore', path: ['pricing', 'vgpuLicenceUsdPerDesktopMonth'],
    error: 'pricing.vgpuLicenceUsdPerDesktopMonth', errorId: 'c-vgpu-licence-error',
  }),
  // The blended plan's load profile (`pricing.load`); the engine names a missing part.
  c('loadBaseInstances', 'cost.loadBaseField', 'number', { id: 'c-load-base', group: 'pricingMore', path: ['pricing', 'load', 'baseInstances'], describedBy: 'c-load-error', term: 'blended' }),
  c('loadPeakInstances', 'cost.loadPeakField', 'number', { id: 'c-load-peak', group: 'pricingMore', path: ['pricing', 'load', 'peakInstances'], describedBy: 'c-load-error' }),
  c('loadPeakHoursPerDay', 'cost.loadHoursField', 'number', { id: 'c-load-hours', group: 'pricingMore', path: ['pricing', 'load', 'peakHoursPerDay'], error: 'pricing.load', errorId: 'c-load-error' }),

  tco('priceUsd', 'tco-price', 'tco.price', ['server', 'priceUsd']),
  tco('gpus', 'tco-gpus', 'tco.gpus', ['server', 'gpus']),
  { ...tco('serverAccelerator', 'tco-accel', 'tco.accelerator', ['server', 'accelerator'], 'text'), spellcheck: false },
  tco('powerKw', 'tco-power', 'tco.power', ['server', 'powerKw']),
  tco('years', 'tco-years', 'tco.years', ['years']),
  tco('utilization', 'tco-use', 'tco.utilization', ['utilization']),
  tco('rentUsdPerGpuHour', 'tco-rent', 'tco.rent', ['rentUsdPerGpuHour']),
  tco('staffUsdPerYear', 'tco-staff', 'tco.staff', ['staffUsdPerYear']),
  { ...tco('rentOfferId', 'tco-offer', 'tco.offer', ['rentOfferId'], 'text'), spellcheck: false },

  filter('provider', 'f-provider', 'provider', 'select', { options: [ANY] }),
  filter('accelerator', 'f-accelerator', 'accelerator', 'select', { options: [ANY] }),
  filter('minMemoryPerGpuGib', 'f-min-memory-per-gpu', 'minMemoryPerGpu', 'number', { placeholder: '80' }),
  filter('minGpuMemoryGib', 'f-min-gpu-memory', 'minGpuMemory', 'number', { placeholder: '640' }),
  filter('gpuCount', 'f-gpu-count', 'gpuCount', 'number', { placeholder: '8' }),
  filter('family', 'f-family', 'family', 'text', { placeholder: 'ND, p5, a3' }),
  filter('region', 'f-region', 'region', 'text', { placeholder: 'eastus, us-central1' }),
  filter('jurisdiction', 'f-jurisdiction', 'jurisdiction', 'select', {
    options: [...JURISDICTIONS, ['other', 'jurisdiction.other'], ['unknown', 'jurisdiction.unknown']],
  }),
  filter('priceKind', 'f-price-kind', 'priceKind', 'select', {
    options: ['onDemand', 'spot', 'reserved1y', 'reserved3y'].map((k) => [k, `price.${k}`]),
  }),
  filter('sort', 'f-sort', 'sort', 'select', {
    options: ['price', 'pricePerGpu', 'gpuMemory', 'gpuCount', 'provider'].map((k) => [k, `sort.${k}`]),
  }),
  // Drawn inside the sort field, as its direction.
  filter('descending', 'f-descending', 'descending', 'boolean', { within: 'sort', error: null }),
  filter('text', 'f-text', 'search', 'text', { wide: true, search: true, placeholderKey: 'searchHint' }),
];

const BY_NAME = new Map(FIELDS.map((f) => [f.name, f]));

/** The engine's error paths of the number fields, so an error there reads "must be a number". */
const NUMBER_PATHS = new Set(FIELDS.filter((f) => f.type === 'number' || f.numeric).flatMap((f) => [f.error, f.path?.join('.')]).filter(Boolean));
setNumberFields((path) => NUMBER_PATHS.has(path));

/** The field called `name`, or undefined. */
export function field(name) {
  return BY_NAME.get(name);
}

/** The fields drawn in one form part, in table order. */
export function fieldsIn(group) {
  return FIELDS.filter((f) => (f.group ?? 'estimate') === group);
}

const SCALE = {
  k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, mn: 1e6, b: 1e9, g: 1e9, bn: 1e9, billion: 1e9, t: 1e12, trillion: 1e12,
  千: 1e3, 万: 1e4, 百万: 1e6, 千万: 1e7, 亿: 1e8, 十亿: 1e9, 万亿: 1e12,
};
const NUMBER = /^([-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:e[-+]?\d+)?)\s*([a-z]+|[千万百十亿]+)?$/i;

/**
 * The page's one number reader: "200M", "200 million", "2亿", "2e3", "1,000",
 * "1.5" → a number. Other text is passed on as text so the engine names the
 * bad field (it never becomes NaN or 0 here).
 */
export function readNumber(raw) {
  const text = String(raw).trim();
  const m = NUMBER.exec(text);
  if (!m || m[1] === '' || m[1] === '-' || m[1] === '+' || m[1] === '.') return text;
  const base = Number(m[1].replaceAll(',', ''));
  if (!Number.isFinite(base)) return text;
  if (!m[2]) return base;
  const scale = SCALE[m[2].toLowerCase()];
  return scale ? base * scale : text;
}

/**
 * Workload fields the page does not draw whose text is not a number or a word (the widget's
 * attributes, docs/EMBED.md, and links made from them): how it is read.
 */
const UNDRAWN_TYPES = new Map([['w.graphicsApis', 'list'], ['w.spread', 'boolean']]);

/** A field's text as the engine wants it: a number, a list or the text. */
export function readValue(name, raw) {
  const f = BY_NAME.get(name);
  const type = f?.type ?? UNDRAWN_TYPES.get(name);
  const text = String(raw).trim();
  if (type === 'list') return text.split(',').map((x) => x.trim()).filter(Boolean);
  if (type === 'boolean') return text === '1' || text === 'true';
  if (type === 'number' || f?.numeric) return readNumber(text);
  if (f) return text;
  // A name no field has (a link of a later version): read as a number when it is one.
  return readNumber(text);
}

/** Where `name`'s value goes in a request. */
export function pathOf(name) {
  const f = BY_NAME.get(name);
  if (f?.path) return f.path;
  const m = /^([wocg])\.(.+)$/.exec(name);
  if (!m) return [name];
  return [{ w: 'workload', o: 'overrides', g: 'gpuCheck', c: 'constraints' }[m[1]], m[2]];
}

/**
 * The request part for `values` (name → text): every non-empty value at its
 * path, keeping only paths whose first step is in `roots`.
 */
export function requestFrom(values, roots) {
  const request = {};
  for (const [name, raw] of Object.entries(values)) {
    if (raw === '' || raw == null || BY_NAME.get(name)?.inLink === false) continue;
    const path = pathOf(name);
    if (roots && !roots.includes(path[0])) continue;
    const f = BY_NAME.get(name);
    const value = readValue(name, raw);
    let node = request;
    for (const step of path.slice(0, -1)) node = (node[step] ??= {});
    node[path[path.length - 1]] = f?.wrap ? f.wrap(value) : value;
  }
  return request;
}

/** The controls of `root` that the table knows, by name. */
function controls(root) {
  return [...root.querySelectorAll('[name]')].filter((el) => BY_NAME.has(el.name));
}

/** The non-empty values of the fields shown in `root` (hidden fields never count; a checked box is "1"). */
export function valuesOf(root) {
  const values = {};
  for (const el of controls(root)) {
    const f = BY_NAME.get(el.name);
    if (f.inLink === false || el.closest('[hidden]')) continue;
    if (f.type === 'boolean') {
      if (el.checked) values[el.name] = '1';
    } else if (el.value.trim() !== '') {
      values[el.name] = el.value.trim();
    }
  }
  return values;
}

/**
 * Sets every field of `root` to its value in `values`; the others are emptied
 * (nothing carries over). A select without the value keeps its empty choice,
 * or its first option.
 */
export function setValues(root, values) {
  for (const el of controls(root)) {
    const f = BY_NAME.get(el.name);
    if (f.inLink === false) continue;
    const wanted = values[el.name] ?? '';
    if (f.type === 'boolean') el.checked = wanted === '1';
    else if (el.tagName === 'SELECT' && ![...el.options].some((opt) => opt.value === wanted)) {
      const empty = [...el.options].findIndex((opt) => opt.value === '');
      el.selectedIndex = empty >= 0 ? empty : 0;
    } else el.value = wanted;
  }
}

/** The text of a label or option: its i18n key's words, or the literal (product names: "LoRA", "BF16"). */
function labelled(node, text) {
  if (hasText('en', text)) {
    node.dataset.i18n = text;
    node.textContent = t(text);
  } else node.textContent = text;
}

function control(f) {
  const tag = f.type === 'select' || f.control === 'select' ? 'select' : f.type === 'textarea' ? 'textarea' : 'input';
  const el = document.createElement(tag);
  el.id = f.id;
  if (f.inLink !== false) el.name = f.name;
  if (tag === 'select') {
    for (const [value, text] of f.options ?? []) {
      const option = document.createElement('option');
      option.value = value;
      labelled(option, text);
      el.append(option);
    }
    if (f.accelerators) el.dataset.accelerators = '';
  } else if (tag === 'textarea') {
    el.rows = 4;
    el.spellcheck = false;
  } else if (f.type === 'boolean') {
    el.type = 'checkbox';
  } else {
    if (f.search) el.type = 'search';
    if (f.type === 'number') el.inputMode = 'decimal';
    if (f.spellcheck === false) el.spellcheck = false;
  }
  if (f.type === 'number') el.dataset.kind = 'number';
  if (f.placeholderKey) {
    el.dataset.i18nPlaceholder = f.placeholderKey;
    el.placeholder = t(f.placeholderKey);
  } else if (f.placeholder) el.placeholder = f.placeholder;
  if (f.describedBy || f.errorId) el.setAttribute('aria-describedby', f.describedBy ?? f.errorId);
  return el;
}

/** One field's markup: label, control and the slot its errors show in. */
export function fieldElement(f) {
  const div = document.createElement('div');
  div.className = f.wide ? 'field wide' : 'field';
  if (f.fieldId) div.id = f.fieldId;
  if (f.kinds) div.dataset.kinds = f.kinds.join(' ');
  const label = document.createElement('label');
  label.htmlFor = f.id;
  labelled(label, f.label);
  if (f.term) label.dataset.term = f.term;
  div.append(label, control(f));
  if (f.error) {
    const slot = document.createElement('span');
    slot.className = 'field-error';
    slot.dataset.errorFor = f.error;
    slot.setAttribute('role', 'alert');
    if (f.errorId) slot.id = f.errorId;
    div.append(slot);
  }
  return div;
}

function inlineBox(f) {
  const label = document.createElement('label');
  label.className = 'inline';
  const box = control(f);
  const text = document.createElement('span');
  labelled(text, f.label);
  label.append(box, ' ', text);
  return label;
}

/** Draws the fields of every `[data-fields=group]` slot under `root`. */
export function renderFields(root = document) {
  for (const slot of root.querySelectorAll('[data-fields]')) {
    const nodes = new Map();
    for (const f of fieldsIn(slot.dataset.fields)) {
      if (f.within) {
        // A checkbox drawn inside another field, before that field's error slot.
        const host = nodes.get(f.within);
        host.insertBefore(inlineBox(f), host.querySelector('.field-error'));
        continue;
      }
      const node = fieldElement(f);
      nodes.set(f.name, node);
      slot.append(node);
    }
  }
}
