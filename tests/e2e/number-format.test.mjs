// The page's numbers written without ICU (www/js/number-format.js) read exactly
// as Chromium's Intl.NumberFormat writes them (ECMA-402 as it stands; Node 20's
// older V8 writes compact currencies differently), for every option the page
// formats with and for numbers of every size, sign and rounding tie.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

/** What the page asks for (www/js/format.js, plans.js, estimate.js, recommend.js, export.js, i18n.js). */
const PAGE_OPTIONS = [
  {},
  ...[0, 1, 2, 3, 4, 6].map((d) => ({ maximumFractionDigits: d })),
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { minimumFractionDigits: 2, maximumFractionDigits: 4 },
  { notation: 'standard', maximumFractionDigits: 6 },
  { style: 'percent', maximumFractionDigits: 1 },
  { notation: 'compact', maximumFractionDigits: 1 },
  ...['USD', 'CNY'].flatMap((currency) => [
    { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 },
    { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 },
    { style: 'currency', currency, maximumFractionDigits: 4 },
    { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 },
  ]),
];
/** Options left to ICU: the formatter must still agree, through Intl itself. */
const OTHER_OPTIONS = [
  { notation: 'scientific', maximumFractionDigits: 6 },
  { style: 'currency', currency: 'EUR', maximumFractionDigits: 4 },
  { notation: 'compact' },
  { style: 'unit', unit: 'kilobyte' },
];

/** Fixed cases (ties, carries, unit boundaries) and 4,000 seeded random numbers from 1e-9 to 1e21. */
function values() {
  const fixed = [
    0, -0, 0.5, 0.05, 0.005, 0.0005, 0.00005, 1.005, 1.015, 1.025, 2.675, 8.345, 0.125, 0.375, 1.45,
    0.995, 0.9995, 9.995, 99.95, 999, 999.5, 999.95, 999.949, 1000, 1234, 9999, 9999.5, 9999.95, 12345,
    99950, 99999, 999949, 999950, 99994999, 99995000, 1e6, 1.25e6, 123456789, 1e9, 999.95e9, 1e12,
    1.5e13, 9.9995e14, 9.99949e14, 1e15, 1e18, 1e20, 9.99e20, 1e21, 1e-7, 1.5e-7, 1e-10, 123.456789,
    7.1286, 0.960523, 1e-6, 0.1 + 0.2, -12345, -0.001, -0.004, -0.005, -0.05, -999950, -1.005,
    Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, Number.MIN_VALUE, NaN, Infinity, -Infinity,
  ];
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
    return seed / 2 ** 32;
  };
  const drawn = [];
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** (Math.floor(random() * 30) - 9);
    let x = random() * magnitude;
    // Every fourth a tie at some place: 12.345, 0.5, 99.95.
    if (i % 4 === 0) x = (Math.floor(x * 10 ** (i % 7)) + 0.5) / 10 ** (i % 7);
    drawn.push(random() < 0.2 ? -x : x);
  }
  return [...fixed, ...drawn];
}

/** Runs in the page: mismatches and how often the ICU-free path answered. */
async function compare(moduleUrl, cases) {
  const { numberFormatter, plainNumberFormat } = await import(moduleUrl);
  const out = { mismatches: [], written: 0, total: 0, pageWritten: 0, pageTotal: 0 };
  for (const { locale, options, page, xs } of cases) {
    const intl = new Intl.NumberFormat(locale, options);
    const plain = plainNumberFormat(locale, options);
    const formatter = numberFormatter(locale, options);
    if (page && !plain) out.mismatches.push({ locale, options, problem: 'not written without ICU' });
    for (const x of xs) {
      const expected = intl.format(x);
      const mine = plain?.format(x) ?? null;
      out.total += 1;
      if (mine !== null) out.written += 1;
      if (page) {
        out.pageTotal += 1;
        if (mine !== null) out.pageWritten += 1;
      }
      const got = formatter.format(x);
      if ((mine !== null && mine !== expected) || got !== expected) {
        out.mismatches.push({ locale, options, x: String(x), expected, mine, got });
      }
    }
  }
  out.mismatches = out.mismatches.slice(0, 20);
  return out;
}

function cases() {
  const xs = values();
  return ['en', 'zh-CN'].flatMap((locale) => [
    ...PAGE_OPTIONS.map((options) => ({ locale, options, page: true, xs })),
    ...OTHER_OPTIONS.map((options) => ({ locale, options, page: false, xs })),
  ]);
}

function check(result, where) {
  assert.deepEqual(result.mismatches, [], `${where}: formats that differ from Intl.NumberFormat`);
  // The page's own formats are written without ICU for all but the rare numbers left to it.
  assert.ok(result.pageWritten / result.pageTotal > 0.95, `${where}: ${result.pageWritten} of ${result.pageTotal} written without ICU`);
}

test('numbers written without ICU read as Intl.NumberFormat writes them, in Chromium', async () => {
  const context = await session.browser.newContext();
  const page = await context.newPage();
  await page.goto(session.url('/embed-example.html'));
  const result = await page.evaluate(`(${compare})('/js/number-format.js', ${JSON.stringify(cases(), (k, v) => {
    if (typeof v !== 'number' || Number.isFinite(v)) return Object.is(v, -0) ? '-0' : v;
    return String(v);
  })}.map((c) => ({ ...c, xs: c.xs.map((x) => (typeof x === 'string' ? Number(x) : x)) })))`);
  await context.close();
  check(result, 'Chromium');
});
