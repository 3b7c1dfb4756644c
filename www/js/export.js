// Export of the recommended servers as CSV and JSON files, made in the browser.
import { chosenCost, currency, listPrice, regionName, shownAmount } from './format.js';
import { language, numberFormat, t } from './i18n.js';
import { isService, planName } from './plans.js';
import { layoutText, reasonsText, timeText } from './recommend.js';

/** Cells a spreadsheet would read as a formula (= + - @, tab, CR) get a leading apostrophe. */
export function csvCell(value) {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header, rows) {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The columns of the export: the recommendation table's, each cell as the
 * table writes it (the page's language and number format), the cost split into
 * plan, total, per month and per hour with the currency named in the header.
 * Amounts are rounded as the page shows them (`usd`: cents, four digits below 1).
 */
const COLUMNS = [
  ['#', (c) => c.rank],
  ['col.provider', (c) => c.offer.provider],
  ['col.instance', (c) => c.offer.instance],
  ['col.region', (c) => regionName(c.offer.region)],
  ['col.accelerator', (c) => c.offer.accelerator],
  ['r.layout', (c) => layoutText(c)],
  ['r.time', (c) => timeText(c)],
  ['export.plan', (c) => (c.cost?.chosen ? planName(c.cost.chosen) : '')],
  ['export.total', (c) => (isService(c) ? '' : amountText(chosenCost(c)?.total))],
  ['export.perMonth', (c) => (isService(c) ? amountText(chosenCost(c)?.usdPerMonth) : '')],
  ['export.perHour', (c) => amountText(chosenCost(c)?.usdPerHour)],
  ['r.why', (c) => reasonsText(c)],
  ['export.source', (c) => [c.offer.source?.name, c.offer.source?.date].filter(Boolean).join(' ')],
  // The hourly on-demand price as the provider lists it, where not in USD (CNY for Alibaba, AWS China).
  ['export.listPrice', (c) => listPriceText(c)],
];

/** "172.8734 CNY": the published figure with its currency code, or empty for a USD list price. */
function listPriceText(c) {
  const list = listPrice(c.offer);
  if (!list) return '';
  const figure = numberFormat({ maximumFractionDigits: 4 }).format(list.amount);
  return `${figure} ${list.currency}`;
}

/** An amount as the page shows it, without the currency sign (the header names the currency). */
function amountText(amountUsd) {
  const value = shownAmount(amountUsd);
  if (value == null) return t('priceUnknown');
  const digits = Math.abs(value) < 1 ? 4 : 2;
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: digits }).format(value);
}

/** The header row in the page's language, money columns naming the shown currency. */
export function exportHeader() {
  const code = currency().code;
  return COLUMNS.map(([key]) => (key.startsWith('export.') && key !== 'export.plan' && key !== 'export.source'
    ? t(key, { currency: code }) : t(key)));
}

/** One candidate as the table shows it: a cell per column, text. */
export function exportRow(c) {
  return COLUMNS.map(([, cell]) => cell(c));
}

/** One candidate as plain figures for JSON: numbers stay numbers, USD as the engine gave it and in the shown currency. */
export function candidateRecord(c) {
  const cost = chosenCost(c);
  return {
    rank: c.rank,
    provider: c.offer.provider,
    instance: c.offer.instance,
    offerId: c.offer.id,
    region: c.offer.region.id,
    regionName: regionName(c.offer.region),
    accelerator: c.offer.accelerator,
    instances: c.fit.instances,
    gpusPerInstance: c.offer.gpuCount,
    hours: c.hours == null ? null : Math.round(c.hours * 1000) / 1000,
    service: isService(c),
    plan: c.cost?.chosen ?? 'onDemand',
    total: isService(c) ? null : shownAmount(cost?.total),
    perMonth: isService(c) ? shownAmount(cost?.usdPerMonth) : null,
    perHour: shownAmount(cost?.usdPerHour),
    usdTotal: cost?.total == null ? null : Math.round(cost.total * 100) / 100,
    usdPerHour: cost?.usdPerHour ?? null,
    listPrice: listPriceRecord(c.offer),
    reasons: reasonsText(c),
    source: [c.offer.source?.name, c.offer.source?.date].filter(Boolean).join(' '),
  };
}

/** The on-demand price as published, with the rate it was converted at; null for a USD list price. */
function listPriceRecord(offer) {
  const original = offer.prices?.original;
  if (!listPrice(offer)) return null;
  return { currency: original.currency, perHour: original.onDemand, unitsPerUsd: original.unitsPerUsd, rateDate: original.rateDate ?? null };
}

export function candidatesCsv(candidates) {
  return toCsv(exportHeader(), candidates.map(exportRow));
}

/** The shown currency and the rate its figures were converted at (the rate's source and date with it). */
export function candidatesJson(candidates, scenarioQuery, rate = null) {
  const { code, unitsPerUsd } = currency();
  return `${JSON.stringify({
    scenario: scenarioQuery,
    language: language(),
    currency: { code, unitsPerUsd, date: rate?.date ?? null, source: rate?.source ?? null },
    columns: exportHeader(),
    rows: candidates.map(exportRow),
    candidates: candidates.map(candidateRecord),
  }, null, 2)}\n`;
}

export function download(name, text, type) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
