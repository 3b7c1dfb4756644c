// Recommendation: the workload (from the estimate form) and the constraints →
// recommend(request) → ranked candidates with reasons, "why not" for the rest,
// and a side-by-side view of up to four. DOM built with textContent only.
import { recommend } from './engine.js';
import { language, t } from './i18n.js';
import { plain, regionName, usd } from './format.js';
import { formValues, readRequest } from './estimate.js';
import { recommendRequest } from './scenario.js';

const MAX_COMPARE = 4;
const EXCLUDED_SHOWN = 300;
const compared = new Set();

export function buildRequest(estimateForm, constraintsForm, userPrices) {
  // The workload as the estimate reads it (a pasted config.json included).
  const { workload, overrides } = readRequest(estimateForm);
  return { ...recommendRequest(formValues(constraintsForm), userPrices), workload, overrides };
}

function hoursText(h) {
  return h >= 48 ? `${plain(h / 24)} ${t('r.days')}` : `${plain(h)} h`;
}

function cells(row, values) {
  for (const [text, className] of values) {
    const td = row.insertCell();
    td.textContent = text;
    if (className) td.className = className;
  }
}

function renderCandidates(root, result, onCompare) {
  const zh = language() === 'zh-CN';
  const rows = result.candidates.map((c) => {
    const tr = document.createElement('tr');
    tr.dataset.offerId = c.offer.id;
    if (c.pareto) tr.classList.add('pareto');
    cells(tr, [
      [String(c.rank), 'num'],
      [c.offer.provider],
      [c.offer.instance, 'instance'],
      [regionName(c.offer.region)],
      [c.offer.accelerator],
      [`${plain(c.fit.instances)} × ${plain(c.offer.gpuCount)}`, 'num'],
      [hoursText(c.hours), 'num'],
      [usd(c.cost.onDemand.total), 'num price'],
      [(zh ? c.reasonsZh : c.reasons).join(' '), 'reasons'],
    ]);
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
    tr.insertCell().append(box);
    return tr;
  });
  root.querySelector('#candidates tbody').replaceChildren(...rows);
}

const COMPARE_ROWS = [
  ['col.instance', (c) => c.offer.instance],
  ['col.region', (c) => `${regionName(c.offer.region)} (${c.offer.region.id})`],
  ['col.accelerator', (c) => `${c.offer.acceleratorName}`],
  ['r.layout', (c) => `${plain(c.fit.instances)} × ${plain(c.offer.gpuCount)} GPU — ${c.fit.interconnect}`],
  ['r.memory', (c) => `${plain(c.fit.memoryNeededGib)} / ${plain(c.fit.memoryPerGpuGib)} GiB`],
  ['r.time', (c) => hoursText(c.hours)],
  ['r.perHour', (c) => usd(c.cost.onDemand.usdPerHour)],
  ['r.cost', (c) => usd(c.cost.onDemand.total)],
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
      td.textContent = typeof value === 'object' ? `${'★'.repeat(value.score)}${'☆'.repeat(5 - value.score)} ${value.facts.join('; ')}` : value;
    }
    return tr;
  });
  root.querySelector('#compare-table tbody').replaceChildren(...rows);
}

function renderExcluded(root, result) {
  const zh = language() === 'zh-CN';
  root.querySelector('#why-not summary').textContent = t('r.whyNot', { count: result.counts.excluded });
  const groups = Object.entries(result.counts.excludedByReason).sort((a, b) => b[1] - a[1]).map(([code, n]) => {
    const li = document.createElement('li');
    li.textContent = `${code}: ${n}`;
    return li;
  });
  root.querySelector('#why-not-groups').replaceChildren(...groups);
  const rows = result.excluded.slice(0, EXCLUDED_SHOWN).map((x) => {
    const tr = document.createElement('tr');
    cells(tr, [[x.offer.provider], [x.offer.instance, 'instance'], [x.offer.region], [x.code], [zh ? x.reasonZh : x.reason, 'reasons']]);
    return tr;
  });
  root.querySelector('#excluded tbody').replaceChildren(...rows);
}

export function renderRecommendation(root, result) {
  const redraw = () => renderCompare(root, result);
  renderCandidates(root, result, redraw);
  redraw();
  renderExcluded(root, result);
  root.querySelector('#recommend-summary').textContent = t('r.summary', {
    candidates: result.counts.candidates,
    considered: result.counts.considered,
    pareto: result.paretoFront.length,
  });
  const poc = result.proofOfConcept;
  root.querySelector('#poc').textContent = poc ? (language() === 'zh-CN' ? poc.adviceZh : poc.advice) : '';
}

export function runRecommend(estimateForm, constraintsForm, userPrices) {
  return recommend(buildRequest(estimateForm, constraintsForm, userPrices));
}
