// Number formatting for English and Simplified Chinese without ICU.
//
// The first `new Intl.NumberFormat` of a page loads ICU's locale data: 20–38 ms
// on the 2-core bench machine, the largest single piece of the page's JS before
// the first result (docs/PERFORMANCE.md "Issue 18 round 11"); later ones cost
// 0.1 ms. The page's own formats (grouped decimals, USD and CNY amounts, percents
// and the charts' compact axis labels) are simple in both languages, so they are
// written here, digit for digit as ICU writes them: ICU rounds the shortest
// decimal that reads back as the double (what `String(x)` prints, so 1.005 →
// "1.01", where `toFixed` gives "1.00"), half away from zero. Anything else (other
// currencies, scientific notation, numbers of 21 or more digits, NaN, ∞) goes to
// `Intl.NumberFormat` itself. tests/e2e/number-format.test.mjs compares the two
// over every option the page uses, in Chromium.

/** Currency signs as CLDR writes them in each language. */
const SIGNS = {
  en: { USD: '$', CNY: 'CN¥' },
  'zh-CN': { USD: 'US$', CNY: '¥' },
};

/** Compact units, smallest first, by their power of ten: CLDR's short decimal formats. */
const COMPACT = {
  en: [[3, 'K'], [6, 'M'], [9, 'B'], [12, 'T']],
  'zh-CN': [[4, '万'], [8, '亿'], [12, '万亿']],
};

const OPTION_NAMES = new Set(['style', 'currency', 'minimumFractionDigits', 'maximumFractionDigits', 'notation']);

/**
 * The digits of |x| as a decimal: `digits` without leading zeros (at least "0"),
 * the decimal point after `point` of them (may be ≤ 0 or beyond the digits).
 */
function decimalOf(x) {
  const text = String(Math.abs(x));
  const [mantissa, exponent = '0'] = text.split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const all = `${whole}${fraction}`;
  const lead = all.length - all.replace(/^0+/, '').length;
  const digits = all.slice(lead) || '0';
  return { digits, point: whole.length + Number(exponent) - lead };
}

/** `{digits, point}` rounded half away from zero to `fraction` digits after the point. */
function rounded({ digits, point }, fraction) {
  const keep = point + fraction;
  if (keep >= digits.length) return { digits, point };
  const zero = { digits: '0', point: 1 };
  if (keep < 0) return zero;
  const up = digits.charCodeAt(keep) >= 53; // the first dropped digit is 5 or more
  if (!up) return keep === 0 ? zero : { digits: digits.slice(0, keep), point };
  if (keep === 0) return { digits: '1', point: point + 1 };
  // One more in the last kept place, carried: 0.995 → 1.00 adds a digit in front.
  const place = [...digits.slice(0, keep)];
  let i = place.length - 1;
  while (i >= 0 && place[i] === '9') place[i--] = '0';
  if (i >= 0) return { digits: (place[i] = String(Number(place[i]) + 1), place.join('')), point };
  return { digits: `1${place.join('')}`, point: point + 1 };
}

const POWERS = Array.from({ length: 22 }, (_, i) => 10 ** i);

/**
 * |x| to `max` fraction digits by `toFixed` (native, and most of the page's
 * numbers), or null where it could differ from ICU: `toFixed` rounds the
 * double's exact value, ICU its shortest decimal, and the two round alike
 * unless that decimal ends in a 5 just past the last kept place (1.005 is
 * exactly 1.00499999999999989…), given that the double's spacing is far below
 * that place and the product below exact to a thousandth (x · 10^(max+1) < 2^40).
 * The digit strings below take the rest.
 */
function quickFixed(x, max) {
  const scaled = x * POWERS[max + 1];
  if (!(scaled < 2 ** 40)) return null;
  const nearest = Math.round(scaled);
  if (nearest % 10 === 5 && Math.abs(scaled - nearest) < 1e-3) return null;
  return x.toFixed(max);
}

/**
 * Whole and fraction digits as text: the fraction's trailing zeros dropped down
 * to `min` digits (or padded up to them), the whole grouped by thousands when `grouped`.
 */
function joined(whole, fraction, min, grouped) {
  let end = fraction.length;
  while (end > min && fraction.charCodeAt(end - 1) === 48 /* '0' */) end -= 1;
  const kept = fraction.slice(0, end).padEnd(min, '0');
  // A loop, not a regular expression: half the time per figure, on the keystroke's path.
  let shownWhole = whole;
  if (grouped && whole.length > 3) {
    shownWhole = whole.slice(0, ((whole.length - 1) % 3) + 1);
    for (let i = shownWhole.length; i < whole.length; i += 3) shownWhole += `,${whole.slice(i, i + 3)}`;
  }
  return kept ? `${shownWhole}.${kept}` : shownWhole;
}

/** `toFixed` text with trailing fraction zeros dropped down to `min` digits, grouped by thousands. */
function trimmed(fixed, min) {
  const dot = fixed.indexOf('.');
  return dot < 0 ? joined(fixed, '', min, true) : joined(fixed.slice(0, dot), fixed.slice(dot + 1), min, true);
}

/** The decimal as text: grouped by thousands (when `grouped`), `min`…`max` fraction digits. */
function written(decimal, min, max, grouped) {
  const { digits, point } = rounded(decimal, max);
  const whole = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0').replace(/^0+(?=\d)/, '');
  const fraction = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  return joined(whole, fraction.slice(0, max), min, grouped);
}

/** Whether the decimal is zero (all its digits are). */
const isZero = ({ digits }) => /^0*$/.test(digits);

/**
 * The decimal in compact notation: the unit of its magnitude, and the next one
 * when rounding carries into it (ICU: 999,949 is "999.9K", 999,950 "1M"); null
 * for four or more digits before the largest unit ("1000T"), left to ICU.
 */
function compactOf(decimal, max, units) {
  const magnitude = isZero(decimal) ? 0 : decimal.point - 1;
  let i = units.findLastIndex(([power]) => magnitude >= power);
  for (;;) {
    const power = i >= 0 ? units[i][0] : 0;
    const scaled = { ...decimal, point: decimal.point - power };
    const top = rounded(scaled, max);
    const integerDigits = isZero(top) ? 1 : top.point;
    const next = units[i + 1];
    if (next && integerDigits > next[0] - power) {
      i += 1;
      continue;
    }
    if (!next && integerDigits >= 4) return null;
    return { decimal: scaled, unit: i >= 0 ? units[i][1] : '' };
  }
}

/**
 * A formatter with `Intl.NumberFormat`'s `format` for `locale` and `options`, or
 * null where these options are not among the ones written here.
 */
export function plainNumberFormat(locale, options = {}) {
  if (!SIGNS[locale] || Object.keys(options).some((k) => !OPTION_NAMES.has(k))) return null;
  const { style = 'decimal', currency, notation = 'standard' } = options;
  let sign = '';
  let suffix = '';
  if (style === 'currency') {
    sign = SIGNS[locale][currency];
    if (!sign) return null;
  } else if (style === 'percent') {
    suffix = '%';
  } else if (style !== 'decimal' || currency !== undefined) {
    return null;
  }
  if (notation !== 'standard' && notation !== 'compact') return null;
  const compact = notation === 'compact';
  // ECMA-402's defaults: currencies 2–2 in standard notation, else 0 to (percents) 0 or 3; a
  // given bound moves the other (Intl.NumberFormat v3, as Chromium has it: V8 before 11.x wrote
  // compact currencies with one fraction digit at least, "$1.0K").
  const [defaultMin, defaultMax] = style === 'currency' && !compact ? [2, 2] : style === 'percent' ? [0, 0] : [0, 3];
  const digitsValid = (d) => d === undefined || (Number.isInteger(d) && d >= 0 && d <= 20);
  const { minimumFractionDigits: givenMin, maximumFractionDigits: givenMax } = options;
  if (!digitsValid(givenMin) || !digitsValid(givenMax)) return null;
  // Compact notation without fraction digits rounds to two significant digits: not written here.
  if (compact && givenMax === undefined) return null;
  const min = givenMin ?? Math.min(defaultMin, givenMax ?? defaultMin);
  const max = givenMax ?? Math.max(defaultMax, min);
  if (min > max) return null;
  const units = COMPACT[locale];
  return {
    format(value) {
      const x = Number(value);
      if (!Number.isFinite(x) || Math.abs(x) >= 1e21) return null;
      const negative = x < 0 || Object.is(x, -0);
      if (!compact && style !== 'percent') {
        const fixed = quickFixed(Math.abs(x), max);
        if (fixed !== null) return `${negative ? '-' : ''}${sign}${trimmed(fixed, min)}`;
      }
      let decimal = decimalOf(x);
      if (style === 'percent') decimal = { ...decimal, point: decimal.point + 2 };
      let unit = '';
      if (compact) {
        const shown = compactOf(decimal, max, units);
        if (!shown) return null;
        ({ decimal, unit } = shown);
      }
      return `${negative ? '-' : ''}${sign}${written(decimal, min, max, !compact)}${unit}${suffix}`;
    },
  };
}

/**
 * `Intl.NumberFormat`'s `format` for `locale` and `options`: written here where
 * it can be, else by an `Intl.NumberFormat` built on first need.
 */
export function numberFormatter(locale, options = {}) {
  const plain = plainNumberFormat(locale, options);
  let intl = null;
  const icu = (x) => (intl ??= new Intl.NumberFormat(locale, options)).format(x);
  return { format: (x) => plain?.format(x) ?? icu(x) };
}
