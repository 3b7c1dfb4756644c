// Export of the recommended servers as CSV and JSON files, made in the browser.
import { chosenCost } from './format.js';

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

const cents = (usd) => (usd == null ? null : Math.round(usd * 100) / 100);

/** One candidate as plain figures: numbers stay numbers (USD, hours), unknown stays empty/null. */
export function candidateRecord(c) {
  return {
    rank: c.rank,
    provider: c.offer.provider,
    instance: c.offer.instance,
    region: c.offer.region.id,
    regionName: c.offer.region.nameEn ?? null,
    accelerator: c.offer.accelerator,
    instances: c.fit.instances,
    gpusPerInstance: c.offer.gpuCount,
    hours: c.hours == null ? null : Math.round(c.hours * 1000) / 1000,
    usdPerHour: chosenCost(c)?.usdPerHour ?? null,
    plan: c.cost?.chosen ?? 'onDemand',
    usdOnDemandTotal: cents(c.cost?.onDemand?.total),
    usdTotal: cents(chosenCost(c)?.total),
    reasons: (c.reasons ?? []).map((r) => (typeof r === 'string' ? r : r.text ?? r.message ?? '')).join(' '),
    source: [c.offer.source?.name, c.offer.source?.date].filter(Boolean).join(' '),
  };
}

export function candidatesCsv(candidates) {
  const records = candidates.map(candidateRecord);
  const header = ['rank', 'provider', 'instance', 'region', 'regionName', 'accelerator', 'instances', 'gpusPerInstance',
    'hours', 'usdPerHour', 'usdOnDemandTotal', 'reasons', 'source'];
  return toCsv(header, records.map((r) => header.map((k) => r[k])));
}

export function candidatesJson(candidates, scenarioQuery) {
  return `${JSON.stringify({ scenario: scenarioQuery, candidates: candidates.map(candidateRecord) }, null, 2)}\n`;
}

export function download(name, text, type) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
