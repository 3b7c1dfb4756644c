// Number, price and date formatting in the page's language.
import { language, t } from './i18n.js';

export function count(n) {
  return new Intl.NumberFormat(language()).format(n);
}

/** A USD amount per hour, or "price unknown" (never 0, never NaN). */
export function usd(amount) {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return t('priceUnknown');
  const digits = amount < 1 ? 4 : 2;
  return new Intl.NumberFormat(language(), {
    style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: digits,
  }).format(amount);
}

/** An amount in any ISO currency, e.g. a CNY list price. */
export function money(amount, currency) {
  return new Intl.NumberFormat(language(), { style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);
}

export function gib(n) {
  if (n === null || n === undefined) return t('unknown');
  return `${new Intl.NumberFormat(language(), { maximumFractionDigits: 2 }).format(n)} GiB`;
}

export function plain(n) {
  if (n === null || n === undefined) return t('unknown');
  return new Intl.NumberFormat(language(), { maximumFractionDigits: 3 }).format(n);
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
  return (cost.chosen && cost[cost.chosen]) || cost.onDemand || null;
}
