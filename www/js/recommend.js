// Recommendation: the workload (from the estimate form) and the constraints →
// recommend(request) → ranked candidates with reasons, "why not" for the rest,
// and a side-by-side view of up to four. DOM built with textContent only.
import { recommend } from './engine.js';
import { describe, hasText, language, t } from './i18n.js';
import { chosenCost, engineText, plain, regionName, usd } from './format.js';
import { readRequest } from './estimate.js';
import { valuesOf } from './fields.js';
import { recommendRequest } from './scenario.js';
import { costText, isService, renderCostViews } from './plans.js';

const MAX_COMPARE = 4;

/** The engine's Chinese words on the Chinese page, its English ones elsewhere. */
const inPageLanguage = (en, zh) => (language() === 'zh-CN' && zh ? zh : en);
const EXCLUDED_SHOWN = 300;
const compared = new Set();

/** The offers ticked for comparison, as one scenario value (`compare=id,id`), so a link keeps them. */
export function comparedValue() {
  return [...compared].join(',');
}

export function setCompared(value) {
  compared.clear();
  for (const id of String(value ?? '').split(',').filter(Boolean).slice(0, MAX_COMPARE)) compared.add(id);
}

export function buildRequest(estimateForm, constraintsForm, userPrices) {
  // The workload as the estimate reads it (a pasted config.json included).
  const { workload, overrides } = readRequest(estimateForm);
  // 100, not 50: grouped by instance type, 50 candidates were often only five types in many regions.
  // No `overrides: undefined`: a strict reader may take a present-but-undefined field for a wrong type.
  return { ...recommendRequest(valuesOf(constraintsForm), userPrices, 100), workload, ...(overrides ? { overrides } : {}) };
}

/** A row's time: a job's hours to finish, a service's hours a month (it runs every month of its horizon). */
export function timeText(c) {
  return isService(c) ? t('unit.hoursPerMonth', { hours: hoursText(c.hours) }) : hoursText(c.hours);
}

/** "2 × 8", and the serving split (tensor parallel × replicas) for inference. */
export function layoutText(c) {
  const serving = c.fit.serving ? ` (${t('r.tp', { tp: plain(c.fit.serving.chosen.gpusPerReplica), replicas: plain(c.fit.serving.chosen.replicas) })})` : '';
  return `${plain(c.fit.instances)} × ${plain(c.offer.gpuCount)}${serving}`;
}

/** Every duration in hours, so rows compare at a glance (no "8.973 h" beside "2.197 days"). */
export function hoursText(h) {
  if (h == null || !Number.isFinite(h)) return t('unknown');
  const digits = h >= 100 ? 0 : h >= 10 ? 1 : 2;
  return `${new Intl.NumberFormat(language(), { maximumFractionDigits: digits }).format(h)} ${t('unit.hours')}`;
}

/** Reasons as text in the page language: from codes when the engine gives them and the page knows them. */
export function reasonsText(c) {
  const zh = language() === 'zh-CN';
  const items = (zh ? c.reasonsZh : c.reasons) ?? [];
  return items.map((r) => engineText(typeof r === 'string' ? r : describe(r))).join(' ');
}

function cells(row, values) {
  for (const [text, className] of values) {
    const td = row.insertCell();
    td.textContent = text;
    if (className) td.className = className;
  }
}

const expanded = new Set();

/**
 * Candidates grouped by instance type, in rank order: the best region of each
 * type stands for it, the others fold behind "also in N regions".
 */
function groupByInstance(candidates) {
  const groups = new Map();
  for (const c of candidates) {
    const key = `${c.offer.provider}/${c.offer.instance}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(c);
  }
  return [...groups.entries()];
}

/** The "also in 19 other regions, from $…" button that unfolds a group. */
function foldButton(key, rest, redraw) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'fold';
  const open = expanded.has(key);
  button.setAttribute('aria-expanded', String(open));
  // In the rows' own unit: per month for a service, the total for a job.
  const shown = (c) => (isService(c) ? chosenCost(c)?.usdPerMonth : chosenCost(c)?.total) ?? Infinity;
  const cheapest = Math.min(...rest.map(shown));
  const price = Number.isFinite(cheapest) ? usd(cheapest) : usd(null);
  const from = rest.length && isService(rest[0]) && Number.isFinite(cheapest) ? t('cost.perMonth', { usd: price }) : price;
  button.textContent = t(open ? 'r.foldRegions' : 'r.alsoIn', { count: plain(rest.length), price: from });
  button.addEventListener('click', (e) => {
    e.stopPropagation();
    if (open) expanded.delete(key);
    else expanded.add(key);
    redraw(key);
  });
  button.addEventListener('keydown', (e) => e.stopPropagation());
  return button;
}

function renderCandidates(root, result, onCompare, onOpen) {
  const redraw = (key) => {
    renderCandidates(root, result, onCompare, onOpen);
    root.querySelector(`#candidates button.fold[data-group="${CSS.escape(key)}"]`)?.focus();
  };
  const shown = groupByInstance(result.candidates).flatMap(([key, group]) => {
    const [first, ...rest] = group;
    return [[first, key, rest], ...(expanded.has(key) ? rest.map((c) => [c, key, null]) : [])];
  });
  const rows = shown.map(([c, key, rest]) => {
    const tr = document.createElement('tr');
    if (!rest) tr.classList.add('folded-region');
    tr.dataset.offerId = c.offer.id;
    // Focusable: Enter (or a click) opens the offer's details, where folded columns are shown too.
    tr.tabIndex = 0;
    if (c.pareto) tr.classList.add('pareto');
    cells(tr, [
      [String(c.rank), 'num tertiary'],
      [c.offer.provider],
      [c.offer.instance, 'instance'],
      [regionName(c.offer.region), 'secondary'],
      [c.offer.accelerator, 'tertiary'],
      [layoutText(c), 'num secondary'],
      [timeText(c), 'num'],
      [costText(c), chosenCost(c) == null ? 'num unknown' : 'num price'],
      [reasonsText(c), 'reasons tertiary'],
    ]);
    if (rest?.length) {
      const fold = foldButton(key, rest, redraw);
      fold.dataset.group = key;
      tr.cells[2].append(fold);
    }
    tr.addEventListener('click', (e) => { if (!e.target.closest('input')) onOpen(c.offer); });
    tr.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || e.target !== tr) return;
      // Without preventDefault the key press would reach the dialog's close button and shut it.
      e.preventDefault();
      onOpen(c.offer);
    });
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = compared.has(c.offer.id);
    box.setAttribute('aria-label', `${t('r.compare')} ${c.offer.instance}`);
    box.addEventListener('change', () => {
      if (box.checked && compared.size >= MAX_COMPARE) {
        box.checked = false;
        return;
      }
      if (box.checked) compared.add(c.offer.id);
      else compared.delete(c.offer.id);
      onCompare();
    });
    const compareCell = tr.insertCell();
    compareCell.className = 'tertiary';
    compareCell.append(box);
    return tr;
  });
  root.querySelector('#candidates tbody').replaceChildren(...rows);
}

/** The serving layout chosen on an offer and the runner-up, with their numbers (inference only). */
function servingText(serving) {
  if (!serving) return '—';
  const one = (l) =>
    t('r.servingLayout', {
      tp: plain(l.gpusPerReplica),
      replicas: plain(l.replicas),
      instances: plain(l.instances),
      itl: plain(l.itlMs),
      ttft: plain(l.ttftMs),
      floor: plain(l.bandwidthFloorMs),
    });
  const runnerUp = serving.runnerUp ? `; ${t('r.runnerUp')} ${one(serving.runnerUp)}` : '';
  return `${one(serving.chosen)}${runnerUp}`;
}

const COMPARE_ROWS = [
  ['col.instance', (c) => c.offer.instance],
  ['col.region', (c) => `${regionName(c.offer.region)} (${c.offer.region.id})`],
  ['col.accelerator', (c) => `${c.offer.acceleratorName}`],
  ['r.layout', (c) => `${plain(c.fit.instances)} × ${plain(c.offer.gpuCount)} GPU — ${inPageLanguage(c.fit.interconnect, c.fit.interconnectZh)}`],
  ['r.memory', (c) => `${plain(c.fit.memoryNeededGib)} / ${plain(c.fit.memoryPerGpuGib)} GiB`],
  ['r.serving', (c) => servingText(c.fit.serving)],
  ['r.time', (c) => timeText(c)],
  ['r.perHour', (c) => usd(chosenCost(c)?.usdPerHour)],
  ['cost.column', (c) => costText(c)],
  ['r.energy', (c) => (c.footprint ? `${plain(c.footprint.kwh)} kWh${c.footprint.co2Kg == null ? '' : `, ${plain(c.footprint.co2Kg)} kg CO2e`}` : t('unknown'))],
  ['sc.demandFit', (c) => c.scorecard.demandFit],
  ['sc.hardware', (c) => c.scorecard.hardware],
  ['sc.cloudOffering', (c) => c.scorecard.cloudOffering],
  ['sc.cost', (c) => c.scorecard.cost],
  ['sc.softwareEcosystem', (c) => c.scorecard.softwareEcosystem],
  ['sc.securityCompliance', (c) => c.scorecard.securityCompliance],
  ['r.lockIn', (c) => (language() === 'zh-CN' ? c.lockInZh : c.lockIn)],
];

function renderCompare(root, result) {
  const chosen = result.candidates.filter((c) => compared.has(c.offer.id));
  const section = root.querySelector('#compare');
  section.hidden = chosen.length < 2;
  const rows = COMPARE_ROWS.map(([key, get]) => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.textContent = t(key);
    tr.append(th);
    for (const c of chosen) {
      const value = get(c);
      const td = tr.insertCell();
      // The engine writes each fact in both languages (`factsZh` one for one with `facts`).
      const facts = engineText(language() === 'zh-CN' && value?.factsZh ? value.factsZh.join('；') : value?.facts?.join('; '));
      td.textContent = typeof value === 'object' ? `${'★'.repeat(value.score)}${'☆'.repeat(5 - value.score)} ${facts}` : value;
    }
    return tr;
  });
  root.querySelector('#compare-table tbody').replaceChildren(...rows);
}

function renderExcluded(root, result) {
  const zh = language() === 'zh-CN';
  root.querySelector('#why-not summary').textContent = t('r.whyNot', { count: result.counts.excluded });
  const groups = topReasons(result, Infinity).map(([label, n]) => {
    const li = document.createElement('li');
    li.textContent = `${label}: ${plain(n)}`;
    return li;
  });
  root.querySelector('#why-not-groups').replaceChildren(...groups);
  // Filtered by the search words (all must appear), then the first EXCLUDED_SHOWN.
  const words = root.querySelector('#why-not-search').value.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = words.length
    ? result.excluded.filter((x) => {
      const text = `${x.offer.provider} ${x.offer.instance} ${x.offer.region} ${x.offer.accelerator}`.toLowerCase();
      return words.every((w) => text.includes(w));
    })
    : result.excluded;
  root.querySelector('#why-not-shown').textContent = t('r.whyNotShown', {
    shown: plain(Math.min(matching.length, EXCLUDED_SHOWN)), total: plain(matching.length),
  });
  const rows = matching.slice(0, EXCLUDED_SHOWN).map((x) => {
    const tr = document.createElement('tr');
    cells(tr, [[x.offer.provider], [x.offer.instance, 'instance'], [x.offer.region], [reasonLabel(x.code)], [engineText(zh ? x.reasonZh : x.reason), 'reasons']]);
    return tr;
  });
  root.querySelector('#excluded tbody').replaceChildren(...rows);
}

/** An exclusion code in words (the code itself where the page has no text for it). */
function reasonLabel(code) {
  return hasText(language(), `excl.${code}`) || hasText('en', `excl.${code}`) ? t(`excl.${code}`) : code;
}

/** The commonest reasons offers were left out, most first: [label, count][]. */
function topReasons(result, n) {
  return Object.entries(result.counts.excludedByReason).sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([code, count]) => [reasonLabel(code), count]);
}

let lastResult = null;

/** The last answer shown, for export. */
export function shownCandidates() {
  return lastResult?.candidates ?? [];
}

export function renderRecommendation(root, result, onOpen, onCompareChange = () => {}) {
  lastResult = result;
  root.querySelector('#why-not-search').oninput = () => renderExcluded(root, result);
  const redraw = () => {
    renderCompare(root, result);
    onCompareChange();
  };
  renderCandidates(root, result, redraw, onOpen);
  redraw();
  renderExcluded(root, result);
  renderCostViews(root, result);
  root.querySelector('#recommend-summary').textContent = t('r.summary', {
    candidates: plain(result.counts.candidates),
    considered: plain(result.counts.considered),
    pareto: plain(result.paretoFront.length),
  });
  const empty = root.querySelector('#recommend-empty');
  empty.hidden = result.candidates.length > 0;
  empty.textContent = empty.hidden ? '' : t('r.emptyHint', {
    reasons: topReasons(result, 3).map(([label, n]) => `${label} (${plain(n)})`).join(', '),
  });
  // One short sentence for screen readers, not the whole table.
  const first = result.candidates[0];
  root.querySelector('#recommend-announce').textContent = first
    ? t('r.announce', { candidates: plain(result.counts.candidates), first: `${first.offer.provider} ${first.offer.instance}`, cost: usd(chosenCost(first)?.total) })
    : t('r.announceNone');
  const poc = result.proofOfConcept;
  root.querySelector('#poc').textContent = poc ? engineText(language() === 'zh-CN' ? poc.adviceZh : poc.advice) : '';
}

export function runRecommend(estimateForm, constraintsForm, userPrices) {
  return recommend(buildRequest(estimateForm, constraintsForm, userPrices));
}
