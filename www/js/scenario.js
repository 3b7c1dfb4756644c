// The scenario as plain values, independent of the page's DOM: field name →
// text, the names being the form fields' `name`s (`w.kind`, `w.tokens`,
// `c.rank`, …; www/js/fields.js has them all). Shared by the page and the
// widget: presets, the URL encoding (`v=1`), and the engine requests built
// from the values through the field table.
import { readNumber, readValue, requestFrom } from './fields.js';

export { readNumber };

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

/** The `estimate` request for the values (the page adds a pasted config.json itself). */
export function estimateRequest(values) {
  const request = requestFrom(values, ['workload', 'accelerator', 'overrides', 'gpuCheck']);
  request.workload = { kind: PRESETS[DEFAULT_PRESET]['w.kind'], ...request.workload };
  return request;
}

/**
 * Train, then serve: with "then serve it" ticked on a training form and a serving
 * load given, the ranking's `phases` (the training job, then the trained model served
 * online for `serveMonths`, default the horizon); else `null`. Phase names are codes
 * (`train`, `serve`) the page translates.
 */
export function servePhases(values, workload) {
  if (values.thenServe !== '1' || !['pretrain', 'finetune'].includes(workload?.kind)) return null;
  if (values.serveRps == null || String(values.serveRps).trim() === '') return null;
  const serve = { kind: 'inference', mode: 'online', model: workload.model, requestsPerSecond: readValue('serveRps', values.serveRps) };
  const months = values.serveMonths == null || String(values.serveMonths).trim() === '' ? {} : { months: readValue('serveMonths', values.serveMonths) };
  return [{ name: 'train', workload }, { name: 'serve', workload: serve, ...months }];
}

/**
 * The `recommend` request: the workload and its overrides, the constraints,
 * priorities and pricing. Pricing fields left empty take the engine's
 * defaults: plan `best`, months 1, no API price, egress, storage or load.
 */
export function recommendRequest(values, limit = 50) {
  const { workload, overrides } = estimateRequest(values);
  const { constraints = {}, priorities = {}, pricing = {} } = requestFrom(values, ['constraints', 'priorities', 'pricing']);
  return {
    workload,
    ...(overrides ? { overrides } : {}),
    constraints,
    priorities: { limit, ...priorities },
    pricing,
  };
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
// Any value a field can hold: the engine's bound on one text (src/input.rs
// MAX_TEXT_UNITS). A 311-character Regions field once made a link that opened
// as "damaged" (issue 20).
const MAX_VALUE_LENGTH = 100_000;
/** The longest scenario query read, packed or not (a bound on what a link can make the page do). */
export const MAX_QUERY_LENGTH = 2_000_000;
/** Queries longer than this are written packed (`v=2&z=…`): short links stay readable. */
export const PACK_ABOVE = 1_500;

/**
 * Reads a query. Returns `{ status, values }`: `none` (no scenario in it),
 * `ok`, `old` (a scenario link without a version, or another version) or
 * `bad` (malformed); only `ok` carries values.
 */
export function decodeScenario(query) {
  if (String(query).length > MAX_QUERY_LENGTH) return { status: 'bad', values: {} };
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

// Packed links: `v=2&z=` + base64url(deflate-raw(the `v=1` query as UTF-8)),
// with CompressionStream (every current browser). `v=1` links still open as
// they are; the page writes `v=2` only for queries longer than PACK_ABOVE.
const base64url = (bytes) => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

async function streamed(bytes, transform, maxBytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(transform).getReader();
  const parts = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    // A small link that inflates without end (a "zip bomb") is refused, not read.
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error('too large');
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** The query as written to the address bar: as is when short, else packed (`v=2&z=…`). */
export async function packScenario(query) {
  if (query.length <= PACK_ABOVE || typeof CompressionStream !== 'function') return query;
  const packed = await streamed(new TextEncoder().encode(query), new CompressionStream('deflate-raw'), MAX_QUERY_LENGTH * 3);
  const lang = new URLSearchParams(query).get('lang');
  return `v=2${lang ? `&lang=${encodeURIComponent(lang)}` : ''}&z=${base64url(packed)}`;
}

/**
 * A query with a packed scenario (`v=2&z=…`) unpacked to its `v=1` query;
 * any other query as it is. A damaged packed link gives a query that
 * decodeScenario reads as `bad`, announced like any link it cannot apply.
 */
export async function unpackScenario(query) {
  let params;
  try {
    params = new URLSearchParams(query);
  } catch {
    return query;
  }
  if (params.get('v') !== '2' || !params.has('z')) return query;
  try {
    const text = params.get('z');
    if (text.length > MAX_QUERY_LENGTH || !/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const unpacked = await streamed(bytes, new DecompressionStream('deflate-raw'), MAX_QUERY_LENGTH * 3);
    const inner = new TextDecoder('utf-8', { fatal: true }).decode(unpacked);
    return new URLSearchParams(inner).get('v') === String(SCENARIO_VERSION) ? inner : 'v=1&damaged=';
  } catch {
    return 'v=1&damaged=';
  }
}
