// The cost of each candidate under every pricing plan (issue 9, "On the page"):
// the price cell of the ranking (per month for a service, total for a job),
// the plans side by side in a candidate's details with break-even, the blend's
// mix, warnings and a stacked bar of the chosen plan's breakdown, and the cost
// vs time chart of all candidates with the Pareto front. Text only via textContent.
import { hasText, language, numberFormat, t } from './i18n.js';
import { chosenCost, compactUsd, currency, currencyLabel, engineText, plain, usd } from './format.js';

export { compactUsd };
import { flagText } from './offers-table.js';
import { scatterChart, stackedBar } from './charts.js';

export const PLANS = ['onDemand', 'reserved1y', 'reserved3y', 'spot', 'blended'];

const zh = () => language() === 'zh-CN';
const words = (item) => engineText((zh() ? item.textZh : item.text) ?? item.text ?? '');

/** "name: value" with the page language's colon (full-width in Chinese). */
export function pair(name, value) {
  return t('cost.pair', { name, value });
}

export function planName(kind) {
  return kind ? t(`plan.${kind}`) : t('unknown');
}

/** A service is costed by the month: its plans carry `usdPerMonth`. */
export function isService(candidate) {
  return chosenCost(candidate)?.usdPerMonth != null;
}

/** The ranking's price cell: "$X per month" for a service, the total for a job, and the plan used on a second line. */
export function costText(candidate) {
  const cost = chosenCost(candidate);
  const amount = isService(candidate) ? t('cost.perMonth', { usd: usd(cost.usdPerMonth) }) : usd(cost?.total);
  const lines = candidate.cost?.chosen ? [amount, planName(candidate.cost.chosen)] : [amount];
  // Doubt about the data sits beside the price; it reorders only the risk-adjusted ranking.
  const doubt = candidate.doubt;
  if (doubt) lines.push(t('cost.doubt', { flags: doubt.flags.map((code) => flagText({ code, message: code })).join(t('listSeparator')), weight: plain(doubt.weight) }));
  return lines.join('\n');
}

export function percent(fraction) {
  if (fraction == null || !Number.isFinite(fraction)) return t('unknown');
  return numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(fraction);
}

function row(values, header = false) {
  const tr = document.createElement('tr');
  values.forEach((value, i) => {
    const cell = document.createElement(header || i === 0 ? 'th' : 'td');
    if (header) cell.scope = 'col';
    else if (i === 0) cell.scope = 'row';
    cell.textContent = value;
    if (i > 0) cell.className = 'num';
    tr.append(cell);
  });
  return tr;
}

/** A new element with its text (never parsed as HTML) and class. */
export function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text != null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A table in a box that scrolls sideways on a narrow screen rather than widening the page. */
export function scrolling(table) {
  const wrap = element('div', null, 'table-wrap');
  wrap.append(table);
  return wrap;
}

/** Every plan in one table; `null` (price unknown) said so, never 0. */
function plansTable(candidate) {
  const service = isService(candidate);
  const table = element('table', null, 'plans-table');
  table.append(element('caption', t('cost.plansCaption')));
  const head = element('thead');
  // A service: per month and the total for `pricing.months`; a job: its total.
  const amounts = service ? [t('cost.monthly'), t('cost.forMonths')] : [t('cost.total')];
  head.append(row([t('cost.plan'), ...amounts, t('r.perHour'), t('cost.breakEven')], true));
  const body = element('tbody');
  for (const kind of PLANS) {
    const plan = candidate.cost?.[kind] ?? null;
    const values = service ? [plan?.usdPerMonth, plan?.total] : [plan?.total];
    const breakEven = kind.startsWith('reserved') && plan ? percent(plan.breakEvenUtilization) : '—';
    const tr = row([planName(kind), ...values.map(usd), usd(plan?.usdPerHour), breakEven]);
    tr.dataset.plan = kind;
    if (candidate.cost?.chosen === kind) {
      tr.classList.add('chosen-plan');
      tr.cells[0].textContent = `${planName(kind)} ✓ ${t('cost.chosen')}`;
    }
    body.append(tr);
  }
  table.append(head, body);
  return table;
}

/** The chosen plan's breakdown as a stacked bar, with the same figures as a list. */
function breakdownBar(candidate) {
  const plan = chosenCost(candidate);
  const parts = (plan?.breakdown ?? []).filter((line) => line.usd != null && line.usd > 0)
    .map((line) => ({ name: lineName(line.code), value: line.usd }));
  if (!parts.length) return null;
  return stackedBar({
    title: t('cost.breakdownTitle', { plan: planName(candidate.cost?.chosen), currency: currencyLabel() }),
    parts,
    formatValue: usd,
    formatLabel: pair,
    unitLabel: currency().code,
  });
}

/** A breakdown line's short name; the engine's sentence says the rest. */
function lineName(code) {
  return hasText('en', `line.${code}`) ? t(`line.${code}`) : t('line.other');
}

/** The details of one candidate's cost, into `root` (emptied first). */
export function renderCandidateCost(root, candidate, onUseOffer = null) {
  root.replaceChildren();
  root.hidden = !candidate;
  if (!candidate) return;
  root.append(element('h3', t('cost.title')), scrolling(plansTable(candidate)));
  const mix = candidate.cost?.mix;
  if (mix) {
    // From the mix's numbers, so amounts read like every other on the page ("$6,862.00", not "$6862").
    const text = mix.peakPlan
      ? t('cost.mixBoth', { base: planName(mix.basePlan), baseUsd: usd(mix.baseUsd), peak: planName(mix.peakPlan), peakUsd: usd(mix.peakUsd) })
      : t('cost.mixAll', { base: planName(mix.basePlan), baseUsd: usd(mix.baseUsd) });
    root.append(element('p', pair(t('cost.mix'), text), 'mix'));
  }
  const plan = chosenCost(candidate);
  const lines = (plan?.breakdown ?? []).map((line) => element('li', pair(words(line), usd(line.usd))));
  if (lines.length) {
    root.append(element('h4', t('cost.breakdown', { plan: planName(candidate.cost?.chosen) })));
    const bar = breakdownBar(candidate);
    if (bar) root.append(bar);
    const list = element('ul', null, 'breakdown');
    list.append(...lines);
    root.append(list);
  }
  const warnings = candidate.cost?.warnings ?? [];
  if (warnings.length) {
    root.append(element('h4', t('cost.warnings')));
    const list = element('ul', null, 'cost-warnings');
    list.append(...warnings.map((w) => element('li', words(w))));
    root.append(list);
  }
  const notices = candidate.fit?.notices ?? [];
  if (notices.length) {
    root.append(element('h4', t('cost.notices')));
    const list = element('ul', null, 'fit-notices');
    list.append(...notices.map((n) => element('li', (zh() ? n.messageZh : n.message) ?? n.message)));
    root.append(list);
  }
  const api = candidate.apiBreakEven;
  if (api) {
    root.append(element('p', t('cost.apiBreakEven', {
      tokens: api.tokensPerMonth == null ? t('cost.never') : plain(api.tokensPerMonth),
      api: usd(api.apiUsdPerMonth),
      self: usd(api.selfHostUsdPerMonth),
    }), 'api-break-even'));
  }
  if (onUseOffer) {
    const button = element('button', t('tco.useOffer'));
    button.type = 'button';
    button.addEventListener('click', () => onUseOffer(candidate.offer.id));
    root.append(button);
  }
}

/** Opens a folded group of inputs when the scenario sets one of them, so no value hides. */
export function openIfSet(details) {
  if ([...details.querySelectorAll('input, select')].some((el) => el.value.trim() !== '')) details.open = true;
}

/** The chart's figures, also as a table (screen readers, print). */
function pointsTable(points) {
  const table = element('table', null, 'chart-data');
  const head = element('thead');
  head.append(row([t('col.instance'), t('r.time'), t('cost.column'), t('cost.front')], true));
  const body = element('tbody');
  const sorted = [...points].sort((a, b) => a.x - b.x);
  body.append(...sorted.map((p) => row([p.label, plain(p.x), usd(p.y), p.highlight ? '✓' : ''])));
  table.append(head, body);
  // Folded: the chart is the summary, the table the same figures in full.
  const details = element('details', null, 'chart-table');
  details.append(element('summary', t('cost.timeTableCaption')), scrolling(table));
  return details;
}

/**
 * Draws the answer's cost vs time: one dot per
 * instance type (its best region, as the ranking shows it), the Pareto front joined.
 */
export function renderCostViews(root, result) {
  const box = root.querySelector('#cost-time');
  if (!box) return;
  const seen = new Set();
  const points = [];
  // A service runs the whole month on every candidate: time does not tell them apart, so jobs only.
  const jobs = result.candidates.filter((c) => !isService(c));
  for (const c of jobs) {
    const key = `${c.offer.provider}/${c.offer.instance}`;
    const y = chosenCost(c)?.total;
    if (seen.has(key) || y == null || !Number.isFinite(c.hours)) continue;
    seen.add(key);
    points.push({ x: c.hours, y, label: `${c.offer.provider} ${c.offer.instance}`, highlight: Boolean(c.pareto) });
  }
  box.replaceChildren();
  box.hidden = points.length < 2;
  if (box.hidden) return;
  const details = element('details');
  details.append(element('summary', t('cost.timeTitle')));
  details.append(scatterChart({
    title: t('cost.timeTitle'),
    xLabel: t('cost.timeAxis'),
    yLabel: t('cost.usdAxis', { currency: currencyLabel() }),
    points,
    pointsName: t('cost.candidates'),
    frontName: t('cost.front'),
    formatX: (v) => plain(v),
    formatY: (v) => compactUsd(v),
  }));
  details.append(pointsTable(points));
  details.open = true;
  box.append(details);
}

