// Number, price and date formatting in the page's language.
import { language, numberFormat, t } from './i18n.js';

export function count(n) {
  return numberFormat().format(n);
}

/**
 * The currency every figure is shown in. The engine answers in USD; the page
 * multiplies by the rate (units per USD) the user set or the cited default
 * (`catalogInfo().displayRates`), and says which (app.js `#currency-rate`).
 */
let shown = { code: 'USD', unitsPerUsd: 1 };

export function setCurrency(code, unitsPerUsd) {
  shown = code === 'USD' || !(unitsPerUsd > 0) ? { code: 'USD', unitsPerUsd: 1 } : { code, unitsPerUsd };
}

export function currency() {
  return shown;
}

/** The shown currency's name for headings and axes ("USD", "人民币"). */
export function currencyLabel() {
  return t(`cur.${shown.code}`);
}

/** A USD amount shown in the page's currency, or "price unknown" (never 0, never NaN). */
export function usd(amount) {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return t('priceUnknown');
  const value = amount * shown.unitsPerUsd;
  const digits = Math.abs(value) < 1 ? 4 : 2;
  return numberFormat({
    style: 'currency', currency: shown.code, minimumFractionDigits: 2, maximumFractionDigits: digits,
  }).format(value);
}

/**
 * An engine sentence with its dollar amounts in the page's currency. The
 * engine writes every amount in one format (src/recommend/words.rs `usd`:
 * `$25,477`, `$9.83`), so only those tokens are rewritten, from the figure
 * itself; the words around them are the engine's (or its Chinese `…Zh`).
 */
export function engineText(text) {
  if (typeof text !== 'string') return text;
  // A figure keeps its unit on its line ("52.7 GiB", "105 h"): a no-break space between them.
  const joined = text.replace(/(\d) (?=(?:GiB|GB|TB|h|ms|s|kWh|kW|W|TFLOPS|tokens\/s)(?![\w/]))/g, '$1\u00a0');
  return shown.code === 'USD' ? joined : dollarsIn(joined, usd);
}

const DOLLARS = /(-?)(?:US)?\$(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/g;

/** `text` with each engine dollar amount replaced by `show(amountUsd)` (the widget passes its own formatter). */
export function dollarsIn(text, show) {
  if (typeof text !== 'string') return text;
  return text.replace(DOLLARS, (_, sign, whole, fraction = '') => show(Number(`${sign}${whole.replaceAll(',', '')}${fraction}`)));
}

/** A rate as published (7.1286, 0.960523): up to six digits, never rounded to three. */
export function rate(unitsPerUsd) {
  return numberFormat({ maximumFractionDigits: 6 }).format(unitsPerUsd);
}

/** A USD amount in the page's currency as a number rounded as `usd` shows it (exports). */
export function shownAmount(amount) {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return null;
  const value = amount * shown.unitsPerUsd;
  const scale = Math.abs(value) < 1 ? 1e4 : 100;
  return Math.round(value * scale) / scale;
}

/** Axis ticks in the page's currency: "US$12K" rather than "US$12,000.00". */
export function compactUsd(amount) {
  return numberFormat({
    style: 'currency', currency: shown.code, notation: 'compact', maximumFractionDigits: 1,
  }).format(amount * shown.unitsPerUsd);
}

/** An amount in any ISO currency as published, e.g. a CNY list price. */
export function money(amount, currency) {
  return numberFormat({ style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);
}

/**
 * An offer's on-demand price as its provider lists it, where that is not USD
 * (Alibaba and AWS China list in CNY; `prices.original`), else null:
 * `{ currency, amount, text, title, differs }`. `text` is the short line
 * beside the converted figure, `title` names the rate and its date, `differs`
 * says whether the shown figure is another currency or rate (the line is then
 * worth showing; in CNY at the same rate it would repeat the figure).
 */
export function listPrice(offer) {
  const original = offer?.prices?.original;
  if (!original || !Number.isFinite(original.onDemand) || typeof original.currency !== 'string') return null;
  const price = money(original.onDemand, original.currency);
  return {
    currency: original.currency,
    amount: original.onDemand,
    text: t('listPrice', { price }),
    title: t('originalPrice', { price, rate: rate(original.unitsPerUsd), currency: original.currency, date: original.rateDate ?? '?' }),
    differs: shown.code !== original.currency || Math.abs(shown.unitsPerUsd - original.unitsPerUsd) > 1e-9,
  };
}

export function gib(n) {
  if (n === null || n === undefined) return t('unknown');
  return `${numberFormat({ maximumFractionDigits: 2 }).format(n)}\u00a0GiB`;
}

export function plain(n) {
  if (n === null || n === undefined) return t('unknown');
  return numberFormat({ maximumFractionDigits: 3 }).format(n);
}

export function bytes(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round(n / 1e3)} kB`;
}

/** Whole days from an ISO date (yyyy-mm-dd) to `now`. */
export function daysSince(isoDate, now = new Date()) {
  const then = Date.parse(`${isoDate}T00:00:00Z`);
  return Math.floor((now.getTime() - then) / 86_400_000);
}

/**
 * A region's display name in the page's language. In Chinese: the name a
 * source gives, else the country's Chinese name from the ISO code (the
 * browser's own `Intl.DisplayNames` data, not a made-up translation) with the
 * region's id, else the id.
 */
export function regionName(region) {
  if (language() !== 'zh-CN') return region.nameEn || region.id;
  if (region.nameZh) return region.nameZh;
  const country = countryName(region.country);
  return country ? t('regionInCountry', { country, id: region.id }) : region.id;
}

let countries = null;
function countryName(code) {
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  try {
    countries ??= new Intl.DisplayNames(['zh-CN'], { type: 'region' });
    const name = countries.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** The plan the ranking used for a candidate (`cost.chosen`), or on-demand from an older engine. */
export function chosenCost(candidate) {
  const cost = candidate.cost ?? {};
  // A results row (`recommendRows`) carries the chosen plan's figures alone.
  if ('plan' in cost) return cost.plan;
  return (cost.chosen && cost[cost.chosen]) || cost.onDemand || null;
}
