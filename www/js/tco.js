// Buy vs rent (issue 9): a small form → the engine's `tco(request)` → the
// cumulative cost by month of owning against the rental plans (SVG chart and
// the same figures as a table), the break-even month and utilization, and the
// assumptions with their sources. Text only via textContent.
import { tco } from './engine.js';
import { describe, hasText, language, t } from './i18n.js';
import { currencyLabel, plain, usd } from './format.js';
import { requestFrom, valuesOf } from './fields.js';
import { lineChart } from './charts.js';
import { compactUsd, element, pair, percent, planName, scrolling } from './plans.js';

// The scenario's rent reference (`recommend`'s `buyVsRent`): the cheapest ranked offer like the top candidate.
let start = null;

/** The request from the form (www/js/fields.js): empty fields are left to the scenario's start
 * (shown as the fields' placeholders), then to the engine's documented defaults. */
export function tcoRequest(form) {
  const request = requestFrom(valuesOf(form));
  if (!start) return request;
  const server = { ...request.server };
  server.gpus ??= start.gpus;
  server.accelerator ??= start.accelerator;
  const ownRent = request.rentOfferId != null || request.rentUsdPerGpuHour != null;
  return { ...request, server, ...(ownRent ? {} : { rentOfferId: start.rentOfferId }) };
}

/** Shows the scenario's start in the empty fields' placeholders, so every default is visible. */
function showStart(form) {
  const hint = { gpus: start?.gpus, serverAccelerator: start?.accelerator, rentOfferId: start?.rentOfferId };
  for (const [name, value] of Object.entries(hint)) {
    const input = form.elements[name];
    if (input) input.placeholder = value == null ? '' : String(value);
  }
}

const RENT_SERIES = [['onDemandUsd', 'onDemand'], ['reserved1yUsd', 'reserved1y'], ['reserved3yUsd', 'reserved3y']];

function summary(answer) {
  const zh = language() === 'zh-CN';
  const lines = [
    t('tco.owned', { perHour: usd(answer.owned.usdPerUsedGpuHour), total: usd(answer.owned.totalUsd) }),
    answer.breakEvenMonth == null ? t('tco.noBreakEvenMonth') : t('tco.breakEvenMonth', { month: plain(answer.breakEvenMonth) }),
    answer.breakEvenUtilization == null ? t('tco.noBreakEvenUtilization') : t('tco.breakEvenUtilization', { pct: percent(answer.breakEvenUtilization) }),
    ...answer.rent.map((r) => t(r.owningCheaper ? 'tco.rentDearer' : 'tco.rentCheaper', {
      plan: planName(r.plan), perHour: usd(r.usdPerGpuHour), total: usd(r.totalUsd),
    })),
    ...(zh ? answer.notesZh : answer.notes),
  ];
  const list = element('ul', null, 'tco-summary');
  list.append(...lines.map((text) => element('li', text)));
  return list;
}

function chart(answer) {
  const months = answer.monthly;
  const series = [{ name: t('tco.ownedSeries'), points: months.map((m) => [m.month, m.ownedUsd]) }];
  for (const [field, plan] of RENT_SERIES) {
    if (months.every((m) => m[field] != null)) series.push({ name: planName(plan), points: months.map((m) => [m.month, m[field]]) });
  }
  const last = months[months.length - 1]?.month ?? 0;
  // A break-even beyond the horizon is stated in words, not drawn off the axis.
  const marks = answer.breakEvenMonth == null || answer.breakEvenMonth > last ? [] : [{ x: answer.breakEvenMonth, label: t('tco.breakEvenMark', { month: plain(answer.breakEvenMonth) }) }];
  return lineChart({
    title: t('tco.chartTitle'), xLabel: t('tco.monthAxis'), yLabel: t('tco.usdAxis', { currency: currencyLabel() }), series, marks,
    formatX: (v) => plain(v), formatY: compactUsd, className: 'tco-chart',
  });
}

/** The chart's figures, one row per year (and the last month), as a table. */
function table(answer) {
  const rows = answer.monthly.filter((m, i, all) => m.month % 12 === 0 || i === all.length - 1);
  const node = element('table', null, 'chart-data tco-table');
  node.append(element('caption', t('tco.tableCaption', { currency: currencyLabel() })));
  const head = element('tr');
  for (const text of [t('tco.monthAxis'), t('tco.ownedSeries'), ...RENT_SERIES.map(([, plan]) => planName(plan))]) {
    const th = element('th', text);
    th.scope = 'col';
    head.append(th);
  }
  const thead = element('thead');
  thead.append(head);
  const tbody = element('tbody');
  for (const m of rows) {
    const tr = element('tr');
    const th = element('th', plain(m.month));
    th.scope = 'row';
    tr.append(th, ...[m.ownedUsd, ...RENT_SERIES.map(([field]) => m[field])].map((v) => element('td', usd(v), 'num')));
    tbody.append(tr);
  }
  node.append(thead, tbody);
  return node;
}

function assumptions(answer) {
  const details = element('details');
  details.append(element('summary', t('tco.assumptions')));
  const list = element('ul', null, 'tco-assumptions');
  const zh = language() === 'zh-CN';
  // Named by the engine's stable input name and unit; the source as the engine writes it in each language.
  list.append(...answer.assumptions.map((a) => {
    const value = a.value == null ? t('unknown') : `${plain(a.value)} ${t(`tco.unit.${a.unit}`)}`;
    return element('li', pair(t(`tco.in.${a.name}`), `${value} — ${zh && a.sourceZh ? a.sourceZh : a.source}`));
  }));
  details.append(list);
  return details;
}

/** Recomputes buy vs rent from the form into `out`; a bad field shows the engine's message. */
export function refreshTco(form, out) {
  const error = form.querySelector('.tco-error');
  let answer;
  try {
    answer = tco(tcoRequest(form));
  } catch (e) {
    // The field's label in the page language where the page has one ("Server price: required").
    const label = e.field && hasText('en', `tco.in.${e.field}`) ? t(`tco.in.${e.field}`) : e.field;
    error.textContent = label ? `${label}: ${describe(e)}` : describe(e);
    error.hidden = false;
    out.classList.add('stale');
    return null;
  }
  error.hidden = true;
  out.classList.remove('stale');
  out.replaceChildren(summary(answer), chart(answer), scrolling(table(answer)), assumptions(answer));
  return answer;
}

/** Wires the form once; `useOffer(id)` fills "rent this offer" from a candidate's details. */
export function initTco(form, out) {
  form.addEventListener('input', () => refreshTco(form, out));
  form.addEventListener('submit', (e) => e.preventDefault());
  const panel = form.closest('details');
  panel?.addEventListener('toggle', () => { if (panel.open) refreshTco(form, out); });
  return {
    useOffer(id) {
      form.elements.rentOfferId.value = id;
      form.elements.rentUsdPerGpuHour.value = '';
      if (panel) panel.open = true;
      refreshTco(form, out);
      panel?.scrollIntoView?.({ block: 'start' });
    },
    refresh: () => { if (!panel || panel.open) refreshTco(form, out); },
    /** Starts from a `recommend` answer's `buyVsRent` (or none). */
    startFrom(next) {
      start = next ?? null;
      showStart(form);
      if (!panel || panel.open) refreshTco(form, out);
    },
  };
}
