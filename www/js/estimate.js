// The workload form: what the user wants to do → estimate(request) → memory
// chart, compute ranges, notes and assumptions. DOM built with textContent only.
import { estimate } from './engine.js';
import { describe, hasText, language, numberFormat, t } from './i18n.js';
import { plain } from './format.js';
import { patchRows } from './rows.js';
import { estimateRequest } from './scenario.js';
import { field, setValues, valuesOf } from './fields.js';

const SVG = 'http://www.w3.org/2000/svg';
/** Shows the fields of the chosen workload kind (the field table says which). */
function visibleFields(form) {
  const kind = form.elements['w.kind'].value;
  for (const el of form.querySelectorAll('[data-kinds]:not(#hf-config-field)')) {
    el.hidden = !el.dataset.kinds.split(' ').includes(kind);
  }
  return kind;
}

/** The request from the visible fields. */
export const CUSTOM_MODEL = '(config.json)';

/** The pasted config.json, parsed; text that is not JSON is passed on so the engine names the field. */
function hfConfig(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The estimate request of the form; `values` when the caller has read the form already (one read per recompute). */
export function readRequest(form, values = valuesOf(form)) {
  const kind = visibleFields(form);
  const custom = form.elements['w.model'].value === CUSTOM_MODEL;
  form.querySelector('#hf-config-field').hidden = !custom || !field('w.hfConfig').kinds.includes(kind);
  const request = estimateRequest(values);
  if (custom && 'model' in request.workload) request.workload.model = { hfConfig: hfConfig(form.querySelector('#w-hf').value) };
  return request;
}

/** Dropping a config.json file on the text area reads it locally. */
const HF_CONFIG_KEY = 'gpuplan.hfConfig.v1';
/** A pasted config.json is kept in local storage (too long for a link), so a reload keeps it. */
const MAX_KEPT_CONFIG = 200_000;

export function acceptConfigDrop(textarea) {
  try {
    textarea.value ||= localStorage.getItem(HF_CONFIG_KEY) ?? '';
  } catch { /* storage unavailable: nothing to restore */ }
  textarea.addEventListener('input', () => {
    try {
      if (textarea.value.length <= MAX_KEPT_CONFIG) localStorage.setItem(HF_CONFIG_KEY, textarea.value);
    } catch { /* storage full or unavailable */ }
  });
  textarea.addEventListener('dragover', (e) => e.preventDefault());
  textarea.addEventListener('drop', async (e) => {
    e.preventDefault();
    const file = e.dataTransfer?.files?.[0];
    if (!file) return;
    textarea.value = await file.text();
    // As if typed: the form recomputes and the text is kept.
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Sets the workload fields to `values`; every field not in them is emptied (nothing carries over). */
export function applyValues(form, values) {
  setValues(form, values);
  visibleFields(form);
}

const PARTS = [
  ['weightsGib', 'mem.weights', '#0b63c5'],
  ['gradientsGib', 'mem.gradients', '#7b61ff'],
  ['optimizerGib', 'mem.optimizer', '#c2185b'],
  ['activationsGib', 'mem.activations', '#ef6c00'],
  ['kvCacheGib', 'mem.kvCache', '#2e7d32'],
  ['overheadGib', 'mem.overhead', '#8d99a6'],
];

function drawMemory(svg, legend, memory, capacity) {
  const scale = Math.max(memory.totalGib, capacity ?? 0) || 1;
  let x = 0;
  const rects = [];
  for (const [key, , color] of PARTS) {
    const width = (memory[key] / scale) * 100;
    if (width <= 0) continue;
    const rect = document.createElementNS(SVG, 'rect');
    rect.setAttribute('x', `${x}%`);
    rect.setAttribute('y', '4');
    rect.setAttribute('width', `${width}%`);
    rect.setAttribute('height', '24');
    rect.setAttribute('fill', color);
    rects.push(rect);
    x += width;
  }
  if (capacity) {
    const line = document.createElementNS(SVG, 'line');
    const at = `${(capacity / scale) * 100}%`;
    for (const [k, v] of [['x1', at], ['x2', at], ['y1', '0'], ['y2', '32']]) line.setAttribute(k, v);
    line.setAttribute('stroke-width', '2');
    rects.push(line);
  }
  svg.replaceChildren(...rects);
  svg.setAttribute('aria-label', `${t('memoryTitle')}: ${plain(memory.totalGib)}\u00a0GiB`);
  const items = PARTS.filter(([key]) => memory[key] > 0).map(([key, label, color]) => {
    const li = document.createElement('li');
    // An SVG's fill, not a style attribute: the page's policy refuses those in HTML (tools/prerender.mjs).
    const swatch = document.createElementNS(SVG, 'svg');
    swatch.setAttribute('class', 'swatch');
    swatch.setAttribute('viewBox', '0 0 1 1');
    swatch.setAttribute('aria-hidden', 'true');
    const fill = document.createElementNS(SVG, 'rect');
    for (const [k, v] of [['width', '1'], ['height', '1'], ['fill', color]]) fill.setAttribute(k, v);
    swatch.append(fill);
    li.append(swatch, `${t(label)}: ${plain(memory[key])}\u00a0GiB`);
    return li;
  });
  const total = document.createElement('li');
  total.className = 'total';
  total.textContent = `${t('mem.total')}: ${plain(memory.totalGib)}\u00a0GiB` + (capacity ? ` / ${plain(capacity)}\u00a0GiB ${t('mem.perGpu')}` : '');
  legend.replaceChildren(...items, total);
}

/** "153 GPU-h (109–294)": expected, then the low–high range, in the page language. */
function range(r, unit, digits = 1) {
  if (!r) return null;
  const f = numberFormat({ maximumFractionDigits: digits });
  return `${f.format(r.expected)} ${unit} (${f.format(r.low)}–${f.format(r.high)})`;
}

/** A training layout with its numbers: "TP 2 × PP 1 × DP 4, ZeRO-1, micro-batch 2, 8 per step: 3.1 s per step, …". */
function trainingLayoutText(l) {
  const f = (n, digits) => numberFormat({ maximumFractionDigits: digits }).format(n);
  return t('c.layoutText', {
    tp: plain(l.tensorParallel), pp: plain(l.pipelineParallel),
    // Context parallelism beside the data-parallel ranks it is counted apart from.
    dp: plain(l.dataParallel) + (l.contextParallel > 1 ? ` × CP ${plain(l.contextParallel)}` : ''),
    ep: (l.expertParallel > 1 ? ` × EP ${plain(l.expertParallel)}` : '')
      // Whole experts (ETP 1) under TP > 1: Megatron-Core's expert_tensor_parallel_size.
      + (l.expertTensorParallel != null && l.expertTensorParallel !== l.tensorParallel ? ` (ETP ${plain(l.expertTensorParallel)})` : ''),
    zero: plain(l.zeroStage),
    mb: plain(l.microBatch), mbs: plain(l.microBatches), step: f(l.stepSeconds, 2),
    tps: f(l.tokensPerSecondPerGpu, 0), mfu: f(l.mfu * 100, 1),
  });
}

function computeEntries(result) {
  const c = result.compute;
  return [
    ['c.flops', c.totalFlops ? c.totalFlops.toExponential(2) : null],
    ['c.gpuHours', range(c.gpuHours, t('unit.gpuHours'), 0)],
    ['c.wallClock', range(c.wallClockHours, t('unit.hours'), 1)],
    ['c.tokensPerSecond', range(c.tokensPerSecond, t('unit.tokensPerSecond'), 0)],
    ['c.ttft', range(c.ttftMs, 'ms', 0)],
    ['c.itl', range(c.itlMs, 'ms', 1)],
    ['c.bound', c.decodeBound == null ? null : valueText('bound', c.decodeBound)],
    ['c.gpusPerReplica', c.gpusPerReplica],
    ['c.replicas', c.replicas],
    ['c.gpusNeeded', c.gpusNeeded == null ? null : Number.isFinite(c.gpusNeeded) ? c.gpusNeeded : t('c.doesNotFit')],
    ['c.trainingLayout', c.trainingLayout ? trainingLayoutText(c.trainingLayout.best) : null],
    ['c.trainingRunnerUp', c.trainingLayout?.runnerUp ? trainingLayoutText(c.trainingLayout.runnerUp) : null],
    ['c.latency', c.latencyFeasible == null ? null : t(c.latencyFeasible ? 'yes' : 'no')],
    ['c.longestContext', result.longestContextTokens == null ? null : plain(result.longestContextTokens)],
    ['c.gpuCheck', result.gpuCheck ? (document.documentElement.lang === 'zh-CN' ? result.gpuCheck.verdictZh : result.gpuCheck.verdict) : null],
  ].filter(([, v]) => v != null);
}

/**
 * A named value (an optimizer, a recomputation mode, a precision) in the page
 * language: the page's words for `value.<name>.<value>` or the field's option,
 * else the name as the engine gives it (precisions like "bf16" are names).
 */
function valueText(name, value) {
  for (const key of [`value.${name}.${value}`, `${name}.${value}`]) if (hasText('en', key)) return t(key);
  return value;
}

export function renderEstimate(root, result, capacity) {
  drawMemory(root.querySelector('#memory-chart'), root.querySelector('#memory-legend'), result.memory, capacity);
  patchComputeList(root.querySelector('#compute-list'), computeEntries(result));
  // The engine writes each note in both languages (`notesZh` one for one with `notes`).
  const zh = language() === 'zh-CN';
  const notes = result.notes.map((n, i) => (zh && result.notesZh?.[i] ? result.notesZh[i] : typeof n === 'string' ? n : describe(n)));
  const list = root.querySelector('#estimate-notes');
  if (list.children.length !== notes.length || notes.some((n, i) => list.children[i].textContent !== n)) {
    list.replaceChildren(...notes.map((n) => {
      const li = document.createElement('li');
      li.textContent = n;
      return li;
    }));
  }
  // Keyed rows, as the results table: a keystroke changes a value or two, not the table.
  patchRows(root.querySelector('#assumptions tbody'), result.assumptions, {
    key: (a) => a.name,
    cells: (a) => {
      const value = typeof a.value === 'number' ? plain(a.value)
        : a.value && typeof a.value === 'object' && 'expected' in a.value ? `${plain(a.value.expected)} (${plain(a.value.low)}–${plain(a.value.high)})`
          : valueText(a.name, String(a.value));
      // The page's words for the assumption; the engine's field name where the page has none.
      const name = hasText('en', `assume.${a.name}`) ? t(`assume.${a.name}`) : a.name;
      return [[name], [value], [zh && a.sourceZh ? a.sourceZh : a.source]];
    },
  });
}

/**
 * The compute figures as `dt`/`dd` pairs: written again only where a key or a value changed
 * (a keystroke changes the hours, not the list). `dd.dataset.estimate` keeps the estimate's own
 * text, which a deadline's layout (`showDeadlineLayout`) replaces and restores.
 */
function patchComputeList(list, entries) {
  const pairs = list.children;
  const same = pairs.length === entries.length * 2 && entries.every(([key], i) => pairs[2 * i + 1].dataset.key === key);
  if (!same) {
    list.replaceChildren(...entries.flatMap(([key]) => {
      const dt = document.createElement('dt');
      dt.textContent = t(key);
      const dd = document.createElement('dd');
      dd.dataset.key = key;
      return [dt, dd];
    }));
  }
  entries.forEach(([key, value], i) => {
    const [dt, dd] = [pairs[2 * i], pairs[2 * i + 1]];
    const text = String(value);
    if (dt.textContent !== t(key)) dt.textContent = t(key);
    if (dd.textContent !== text) dd.textContent = text;
    dd.dataset.estimate = text;
    // A deadline's layout may have hidden a pair; `showDeadlineLayout` decides again after the ranking.
    if (dd.hidden) dt.hidden = dd.hidden = false;
  });
}

/**
 * Under a deadline the ranking scales each accelerator out to finish in time
 * (`recommend`'s `deadline.layouts`); the estimate's time and GPUs then show
 * that layout for the estimate's accelerator, so the two panels never disagree.
 */
export function showDeadlineLayout(root, deadline, key) {
  const wall = root.querySelector('#compute-list dd[data-key="c.wallClock"]');
  const gpus = root.querySelector('#compute-list dd[data-key="c.gpusNeeded"]');
  // The parallel layouts were timed on the estimate's own cluster: not shown beside the deadline's.
  const layouts = ['c.trainingLayout', 'c.trainingRunnerUp']
    .map((k) => root.querySelector(`#compute-list dd[data-key="${k}"]`)).filter(Boolean);
  // The estimate's own figures first: a ranking run alone (a constraint changed) starts from them again.
  for (const dd of [wall, gpus]) if (dd && dd.textContent !== dd.dataset.estimate) dd.textContent = dd.dataset.estimate;
  const hide = (hidden) => { for (const dd of layouts) dd.hidden = dd.previousElementSibling.hidden = hidden; };
  hide(false);
  if (!deadline) return;
  const hours = (h) => `${numberFormat({ maximumFractionDigits: h >= 100 ? 0 : 1 }).format(h)}\u00a0${t('unit.hours')}`;
  const at = hours(deadline.deadlineHours);
  const layout = deadline.layouts.find((l) => l.accelerator === key);
  hide(Boolean(layout));
  if (!layout) {
    if (wall) wall.textContent = `${wall.textContent}; ${t('c.deadlineNone', { deadline: at })}`;
    return;
  }
  if (wall) {
    wall.textContent = t('c.deadlineLayout', {
      hours: hours(layout.hours), gpus: plain(layout.gpus), instances: plain(layout.instances), deadline: at,
    });
  }
  if (gpus) gpus.textContent = plain(layout.gpus);
}

/** Runs the estimate; returns the result or throws the engine's error. */
export function runEstimate(form) {
  return estimate(readRequest(form));
}
