// Recommendation: the workload (from the estimate form) and the constraints →
// recommend(request) → ranked candidates with reasons, "why not" for the rest,
// and a side-by-side view of up to four. DOM built with textContent only.
import { engineReady, recommend, recommendRows, start, whyNot } from './engine.js';
import { describe, hasText, language, numberFormat, t } from './i18n.js';
import { chosenCost, engineText, listPrice, plain, regionName, usd } from './format.js';
import { readRequest } from './estimate.js';
import { valuesOf } from './fields.js';
import { recommendRequest } from './scenario.js';
import { costText, isService, planName, renderCostViews } from './plans.js';
import { itemOf, patchRows } from './rows.js';
import { setOwnTitle } from './terms.js';
import { whenIdle } from './frames.js';

const MAX_COMPARE = 4;

/** The engine's Chinese words on the Chinese page, its English ones elsewhere. */
const inPageLanguage = (en, zh) => (language() === 'zh-CN' && zh ? zh : en);
const EXCLUDED_SHOWN = 300;
/** Left-out offers an answer carries by default (`priorities.excludedLimit`, docs/API.md). */
const EXCLUDED_CARRIED = 100;
const compared = new Set();

/** The offers ticked for comparison, as one scenario value (`compare=id,id`), so a link keeps them. */
export function comparedValue() {
  return [...compared].join(',');
}

export function setCompared(value) {
  compared.clear();
  for (const id of String(value ?? '').split(',').filter(Boolean).slice(0, MAX_COMPARE)) compared.add(id);
}

export function buildRequest(estimateForm, constraintsForm) {
  return requestFor(readRequest(estimateForm), constraintsForm);
}

/** The recommendation's request: the workload as the estimate reads it (a pasted config.json included) and the constraints. */
function requestFor({ workload, overrides, gpuCheck }, constraintsForm, phases = null) {
  // 100, not 50: grouped by instance type, 50 candidates were often only five types in many regions.
  // No `overrides: undefined`: a strict reader may take a present-but-undefined field for a wrong type.
  // The "does it need a GPU?" fields go along: the answer's `verdict` then leads it.
  // The user's prices are the engine's planner's (engine.js `usePrices`), not part of the request.
  const request = recommendRequest(valuesOf(constraintsForm), 100);
  // No left-out offers while "why not" is closed: an answer then builds and carries none of its
  // reasons in two languages (a fifth of the rows' answer); the panel asks when it opens.
  if (!document.getElementById('why-not')?.open) request.priorities.excludedLimit = 0;
  return {
    ...request,
    workload,
    ...(overrides ? { overrides } : {}),
    ...(gpuCheck ? { gpuCheck } : {}),
    ...(phases ? { phases } : {}),
  };
}

/**
 * Train, then serve: each phase's top offer, plan and cost, and the project's total,
 * above the table (the table ranks the first phase's workload). Hidden without `phases`.
 */
function renderPhases(root, result) {
  let box = root.querySelector('#phases-answer');
  if (!box) {
    box = document.createElement('div');
    box.id = 'phases-answer';
    box.className = 'phases-answer';
    root.querySelector('#recommend-summary').before(box);
  }
  const answer = result.phases;
  box.hidden = !answer;
  box.replaceChildren();
  if (!answer) return;
  const list = document.createElement('ul');
  for (const p of answer.phases) {
    const li = document.createElement('li');
    li.className = 'phase';
    const phase = hasText('en', `phase.${p.name}`) ? t(`phase.${p.name}`) : p.name;
    li.textContent = p.offerId
      ? t('phase.line', { phase, offer: p.offerId, plan: planName(p.plan), cost: usd(p.cost.total), hours: hoursText(p.cost.hours) })
      : t('phase.none', { phase });
    list.append(li);
  }
  const total = document.createElement('p');
  total.className = 'phase-total';
  total.textContent = t('phase.total', { cost: usd(answer.project.total), hours: hoursText(answer.project.hours) });
  const title = document.createElement('h3');
  title.textContent = t('phase.title');
  box.append(title, list, total);
}

/**
 * The engine's "does it need a GPU?" verdict above the table: under `no-gpu` it says so
 * first and labels the rows "if you use a GPU anyway". The element is made here, once.
 */
function renderVerdict(root, result) {
  let p = root.querySelector('#recommend-verdict');
  if (!p) {
    p = document.createElement('p');
    p.id = 'recommend-verdict';
    root.querySelector('#recommend-summary').before(p);
  }
  const v = result.verdict;
  p.hidden = !v;
  p.className = v?.code === 'no-gpu' ? 'empty-hint' : 'status';
  p.textContent = v ? engineText(`${inPageLanguage(v.message, v.messageZh)} ${inPageLanguage(v.candidatesLabel, v.candidatesLabelZh)}`) : '';
}

/** A row's time: a job's hours to finish, a service's hours a month (it runs every month of its horizon). */
export function timeText(c) {
  return isService(c) ? t('unit.hoursPerMonth', { hours: hoursText(c.hours) }) : hoursText(c.hours);
}

/** "2 × 8", and the serving split (tensor parallel, or attention data-parallel over expert-parallel GPUs, × replicas) for inference. */
export function layoutText(c) {
  const chosen = c.fit.serving?.chosen;
  // Attention data-parallel: each GPU whole, the experts spread over them (expert parallelism).
  const key = chosen?.attentionParallelism === 'data' ? 'r.dpAttention' : 'r.tp';
  const serving = chosen ? ` (${t(key, { tp: plain(chosen.gpusPerReplica), replicas: plain(chosen.replicas) })})` : '';
  return `${plain(c.fit.instances)} × ${plain(c.offer.gpuCount)}${serving}`;
}

/** Every duration in hours, so rows compare at a glance (no "8.973 h" beside "2.197 days"). */
export function hoursText(h) {
  if (h == null || !Number.isFinite(h)) return t('unknown');
  const digits = h >= 100 ? 0 : h >= 10 ? 1 : 2;
  return `${numberFormat({ maximumFractionDigits: digits }).format(h)}\u00a0${t('unit.hours')}`;
}

/** Reasons as text in the page language: from codes when the engine gives them and the page knows them. */
export function reasonsText(c) {
  const zh = language() === 'zh-CN';
  const items = (zh ? c.reasonsZh : c.reasons) ?? [];
  return items.map((r) => engineText(typeof r === 'string' ? r : describe(r))).join(' ');
}

const expanded = new Set();

/** A row's cost in its own unit: per month for a service, the total for a job; null when unknown. */
function rowCost(c) {
  return (isService(c) ? chosenCost(c)?.usdPerMonth : chosenCost(c)?.total) ?? null;
}

/** The candidates' columns a header sorts by: how to read each value (null sorts last either way). */
const SORT_KEYS = {
  rank: (c) => c.rank,
  provider: (c) => c.offer.provider,
  instance: (c) => c.offer.instance,
  region: (c) => regionName(c.offer.region),
  accelerator: (c) => c.offer.accelerator,
  layout: (c) => c.fit.instances * c.offer.gpuCount,
  time: (c) => (Number.isFinite(c.hours) ? c.hours : null),
  cost: (c) => rowCost(c),
};
/** The sort the reader chose; kept across recomputes (the engine's rank order until a header is used). */
const sorting = { key: 'rank', direction: 'ascending' };

/**
 * Names compared as a reader sorts them ("g5.2xlarge" before "g5.12xlarge"), built
 * only when a text column is sorted: the first collator loads ICU's data, tens of
 * milliseconds that the default rank order does not need (docs/PERFORMANCE.md).
 */
const collators = new Map();
function collator() {
  const lang = language();
  if (!collators.has(lang)) collators.set(lang, new Intl.Collator(lang, { numeric: true, sensitivity: 'base' }));
  return collators.get(lang);
}

/** The candidates in the chosen order; ties keep the engine's rank. */
function sortedCandidates(candidates) {
  const read = SORT_KEYS[sorting.key] ?? SORT_KEYS.rank;
  const sign = sorting.direction === 'descending' ? -1 : 1;
  const compare = (a, b) => {
    const x = read(a);
    const y = read(b);
    if (x == null || y == null) return (x == null) - (y == null);
    if (typeof x === 'string') return sign * collator().compare(x, y);
    return sign * (x - y);
  };
  return [...candidates].sort((a, b) => compare(a, b) || a.rank - b.rank);
}

/** aria-sort on the sorted column only (WAI-ARIA: one sorted header at a time), and the buttons' names. */
function showSorting(root) {
  for (const th of root.querySelectorAll('#candidates thead th[data-sort]')) {
    if (th.dataset.sort === sorting.key) th.setAttribute('aria-sort', sorting.direction);
    else th.removeAttribute('aria-sort');
    const button = th.querySelector('button');
    if (button.title !== t('sort')) button.title = t('sort');
  }
}

/** The last render's callbacks and redraw: rows outlive a render, so their listeners read these. */
let current = null;

let sortingReady = false;

/** The headers' buttons (click, Enter or Space): a new column sorts ascending, the same one again flips it. */
function setUpSorting(root) {
  sortingReady = true;
  for (const th of root.querySelectorAll('#candidates thead th[data-sort]')) {
    th.querySelector('button').addEventListener('click', () => {
      const key = th.dataset.sort;
      sorting.direction = sorting.key === key && sorting.direction === 'ascending' ? 'descending' : 'ascending';
      sorting.key = key;
      showSorting(root);
      current?.redraw();
    });
  }
  showSorting(root);
}

/**
 * Candidates grouped by instance type, in the shown order: the first region of
 * each type (the best one in rank order) stands for it, the others fold behind
 * "also in N regions".
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

/** The "also in 19 other regions, from $…" text of a group's fold button. */
function foldText(key, rest) {
  const cheapest = Math.min(...rest.map((c) => rowCost(c) ?? Infinity));
  const price = Number.isFinite(cheapest) ? usd(cheapest) : usd(null);
  const from = rest.length && isService(rest[0]) && Number.isFinite(cheapest) ? t('cost.perMonth', { usd: price }) : price;
  return t(expanded.has(key) ? 'r.foldRegions' : 'r.alsoIn', { count: plain(rest.length), price: from });
}

/** A candidate row's cells: [text, className][] (the compare box is a control, set in `update`). */
function candidateCells({ c }) {
  return [
    [String(c.rank), 'num tertiary'],
    [c.offer.provider],
    [c.offer.instance, 'instance'],
    [regionName(c.offer.region), 'secondary'],
    [c.offer.accelerator, 'tertiary'],
    [layoutText(c), 'num secondary'],
    [timeText(c), 'num'],
    [costWithList(c), chosenCost(c) == null ? 'num unknown' : 'num price'],
    [reasonsText(c), 'reasons tertiary'],
  ];
}

/** The cost cell: the cost, and the hourly list price where the provider lists in another currency. */
function costWithList(c) {
  const list = listPrice(c.offer);
  return list?.differs ? `${costText(c)}\n${list.text}` : costText(c);
}

/** Listeners once per row: they read the candidate the row shows now (rows are kept across recomputes). */
function createCandidateRow(tr) {
  // Focusable: Enter (or a click) opens the offer's details, where folded columns are shown too.
  tr.tabIndex = 0;
  tr.addEventListener('click', (e) => {
    if (!e.target.closest('input, button')) current.onOpen(itemOf(tr).c.offer);
  });
  tr.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || e.target !== tr) return;
    // Without preventDefault the key press would reach the dialog's close button and shut it.
    e.preventDefault();
    current.onOpen(itemOf(tr).c.offer);
  });
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.addEventListener('change', () => {
    const { id } = itemOf(tr).c.offer;
    if (box.checked && compared.size >= MAX_COMPARE) {
      box.checked = false;
      return;
    }
    if (box.checked) compared.add(id);
    else compared.delete(id);
    current.onCompare();
  });
  // Nine cells of text (setCells writes them) and the compare box.
  while (tr.cells.length < 10) tr.insertCell();
  tr.cells[9].className = 'tertiary';
  tr.cells[9].append(box);
}

function updateCandidateRow(tr, { c, key, rest }) {
  tr.dataset.offerId = c.offer.id;
  tr.classList.toggle('folded-region', !rest);
  tr.classList.toggle('pareto', Boolean(c.pareto));
  // The list price's rate; terms.js keeps the words of the terms the cell names (a plan such as "reserved") after it.
  setOwnTitle(tr.cells[7], listPrice(c.offer)?.title);
  const box = tr.cells[9].firstChild;
  box.checked = compared.has(c.offer.id);
  const label = `${t('r.compare')} ${c.offer.instance}`;
  if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
  const cell = tr.cells[2];
  let fold = cell.querySelector('button.fold');
  if (!rest?.length) {
    fold?.remove();
    return;
  }
  if (!fold) {
    fold = document.createElement('button');
    fold.type = 'button';
    fold.className = 'fold';
    fold.addEventListener('click', (e) => {
      e.stopPropagation();
      const group = fold.dataset.group;
      if (expanded.has(group)) expanded.delete(group);
      else expanded.add(group);
      current.redraw(group);
    });
    fold.addEventListener('keydown', (e) => e.stopPropagation());
    cell.append(fold);
  }
  fold.dataset.group = key;
  const open = String(expanded.has(key));
  if (fold.getAttribute('aria-expanded') !== open) fold.setAttribute('aria-expanded', open);
  const text = foldText(key, rest);
  if (fold.textContent !== text) fold.textContent = text;
}

function renderCandidates(root, result, onCompare, onOpen) {
  current = {
    onCompare,
    onOpen,
    // After a fold opens or closes, the focus stays on its button.
    redraw: (key) => {
      renderCandidates(root, result, onCompare, onOpen);
      if (key) root.querySelector(`#candidates button.fold[data-group="${CSS.escape(key)}"]`)?.focus();
    },
  };
  const shown = groupByInstance(sortedCandidates(result.candidates)).flatMap(([key, group]) => {
    const [first, ...rest] = group;
    return [{ c: first, key, rest }, ...(expanded.has(key) ? rest.map((c) => ({ c, key, rest: null })) : [])];
  });
  patchRows(root.querySelector('#candidates tbody'), shown, {
    key: ({ c }) => c.offer.id,
    cells: candidateCells,
    create: createCandidateRow,
    update: updateCandidateRow,
  });
}

/** The serving layout chosen on an offer and the runner-up, with their numbers (inference only). */
function servingText(serving) {
  if (!serving) return '—';
  const one = (l) =>
    t('r.servingLayout', {
      precision: String(l.precision).toUpperCase(),
      tp: plain(l.gpusPerReplica),
      replicas: plain(l.replicas),
      instances: plain(l.instances),
      itl: plain(l.itlMs),
      ttft: plain(l.ttftMs),
      floor: plain(l.bandwidthFloorMs),
    }) + (l.attentionParallelism === 'data' ? ` (${t('r.attentionData')})` : '');
  const runnerUp = serving.runnerUp ? `; ${t('r.runnerUp')} ${one(serving.runnerUp)}` : '';
  return `${one(serving.chosen)}${runnerUp}`;
}

const COMPARE_ROWS = [
  ['col.instance', (c) => c.offer.instance],
  ['col.region', (c) => `${regionName(c.offer.region)} (${c.offer.region.id})`],
  ['col.accelerator', (c) => `${c.offer.acceleratorName}`],
  ['r.layout', (c) => `${plain(c.fit.instances)} × ${plain(c.offer.gpuCount)} GPU — ${inPageLanguage(c.fit.interconnect, c.fit.interconnectZh)}`],
  ['r.memory', (c) => `${plain(c.fit.memoryNeededGib)} / ${plain(c.fit.memoryPerGpuGib)}\u00a0GiB`],
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
  // Rows carry no scorecard: the comparison reads the answer's candidates in full.
  const chosen = compared.size < 2 ? [] : fullCandidates(result).filter((c) => compared.has(c.offer.id));
  const section = root.querySelector('#compare');
  if (chosen.some((c) => !('scorecard' in c))) {
    // Only rows while the module still loads (the build-time answer): the comparison follows once it runs.
    section.hidden = true;
    if (!engineReady()) start().then(() => { if (lastResult === result) renderCompare(root, result); }, () => {});
    return;
  }
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
  // The rows when the panel is open (`drawExcludedWhenOpened` draws them when it opens).
  if (!root.querySelector('#why-not').open) return;
  // Filtered by the search words (all must appear), then the first EXCLUDED_SHOWN.
  const words = root.querySelector('#why-not-search').value.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = words.length
    ? everyExcluded(result).filter((x) => {
      const text = `${x.offer.provider} ${x.offer.instance} ${x.offer.region} ${x.offer.accelerator}`.toLowerCase();
      return words.every((w) => text.includes(w));
    })
    : carriedExcluded(result);
  root.querySelector('#why-not-shown').textContent = t('r.whyNotShown', {
    shown: plain(Math.min(matching.length, EXCLUDED_SHOWN)), total: plain(matching.length),
  });
  patchRows(root.querySelector('#excluded tbody'), matching.slice(0, EXCLUDED_SHOWN), {
    key: (x) => x.offer.id,
    cells: (x) => [[x.offer.provider], [x.offer.instance, 'instance'], [x.offer.region], [reasonLabel(x.code)], [engineText(zh ? x.reasonZh : x.reason), 'reasons']],
  });
}

const requests = new WeakMap();
const fetchedExcluded = new WeakMap();
const WHY_NOT_PAGE = 5000;

/**
 * The first `count` offers `result` left out: those it carries when they are enough, else
 * paged through `whyNot` with the request that gave `result`, once per answer and length (a
 * new answer, or new prices, is a new result).
 */
function excludedUpTo(result, count) {
  const request = requests.get(result);
  const wanted = Math.min(count, result.counts.excluded);
  const first = (list) => (list.length > wanted ? list.slice(0, wanted) : list);
  if (!request || result.excluded.length >= wanted) return first(result.excluded);
  const kept = fetchedExcluded.get(result);
  if (kept && kept.wanted >= wanted) return first(kept.list);
  const list = [];
  try {
    for (let offset = 0; offset < wanted; offset += WHY_NOT_PAGE) {
      const limit = Math.min(WHY_NOT_PAGE, wanted - offset);
      const page = whyNot(request, { offset, limit });
      list.push(...page.excluded);
      if (page.excluded.length < limit) break;
    }
  } catch {
    // The engine restarting or loading: what the answer carries; the next answer asks again.
    return result.excluded;
  }
  fetchedExcluded.set(result, { wanted, list });
  return list;
}

/** Every offer `result` left out, not only the first `excludedLimit` it carries (the search). */
const everyExcluded = (result) => excludedUpTo(result, result.counts.excluded);

let watchingWhyNot = false;

/**
 * Draws the last answer's left-out offers when "why not" opens. On the `open` attribute's
 * change, not the `toggle` event: that comes in a task of its own, after the click that opened
 * the panel, so a reader (or a test) looking right after the click would find the table empty.
 */
function drawExcludedWhenOpened(root) {
  if (watchingWhyNot) return;
  watchingWhyNot = true;
  const panel = root.querySelector('#why-not');
  new MutationObserver(() => { if (panel.open && lastResult) renderExcluded(root, lastResult); })
    .observe(panel, { attributes: true, attributeFilter: ['open'] });
}

/**
 * The left-out offers an answer would carry by default (its first page): the answer itself
 * when it was asked with "why not" open, else asked of `whyNot` when the panel opens.
 */
const carriedExcluded = (result) => excludedUpTo(result, EXCLUDED_CARRIED);

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
let chartDue = null; // the answer whose cost vs time chart waits for the page to be idle
const fullAnswers = new WeakMap();

/**
 * `result`'s candidates in full (every plan with its lines, the scorecard, the
 * provider's capabilities): the table's answer carries rows only
 * (`recommendRows`), so the details and the comparison ask the engine once per
 * answer for the same request in full (the exports' columns are the rows'). Where the engine
 * cannot answer (still loading, or restarting), the rows themselves.
 */
function fullCandidates(result) {
  const request = requests.get(result);
  if (!request || !result.candidates.length || 'scorecard' in result.candidates[0]) return result.candidates;
  if (!fullAnswers.has(result)) {
    try {
      fullAnswers.set(result, recommend(request).candidates);
    } catch {
      return result.candidates;
    }
  }
  return fullAnswers.get(result);
}

/** The last answer's candidates, for export (its columns are the rows'). */
export function shownCandidates() {
  return lastResult?.candidates ?? [];
}

/**
 * An offer's candidate in the last answer, in full, for its details: `null` when the offer is
 * not one; `undefined` while only its row is known (the module still loading).
 */
export function shownCandidate(offerId) {
  if (!shownCandidates().some((c) => c.offer.id === offerId)) return null;
  const found = fullCandidates(lastResult).find((c) => c.offer.id === offerId);
  return found && 'scorecard' in found ? found : undefined;
}

export function renderRecommendation(root, result, onOpen, onCompareChange = () => {}) {
  lastResult = result;
  if (sortingReady) showSorting(root);
  else setUpSorting(root);
  root.querySelector('#why-not-search').oninput = () => renderExcluded(root, result);
  drawExcludedWhenOpened(root);
  const redraw = () => {
    renderCompare(root, result);
    onCompareChange();
  };
  renderCandidates(root, result, redraw, onOpen);
  redraw();
  renderExcluded(root, result);
  // The cost vs time chart, below the table, when the page is next idle (at most 0.3 s later):
  // rebuilt on every answer, it was 1.5 ms of a keystroke's script and more of its frame
  // (docs/PERFORMANCE.md, round 21). A burst of typing draws the latest answer once.
  if (!chartDue) whenIdle(() => { const due = chartDue; chartDue = null; renderCostViews(root, due); });
  chartDue = result;
  renderVerdict(root, result);
  renderPhases(root, result);
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

/**
 * The ranking for the forms. `estimate`: the estimate form's request (`readRequest`), read once by the
 * caller for this recompute; `phases`: train, then serve (scenario.js `servePhases`), or `null`.
 * The user's prices are the engine's planner's (engine.js `usePrices`).
 */
export function runRecommend(estimate, constraintsForm, phases = null) {
  const request = requestFor(estimate, constraintsForm, phases);
  // Rows: what the table shows, a third of the answer's size (docs/PERFORMANCE.md, round 21); in
  // full while offers are compared, which reads their scorecards on every recompute.
  const result = compared.size >= 2 ? recommend(request) : recommendRows(request);
  // Kept for "why not" search, which pages through every left-out offer.
  requests.set(result, request);
  return result;
}
