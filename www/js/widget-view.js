// What <gpu-plan> shows, computed from its attributes: the scenario, the
// engine's answer and every text of it, as plain data (strings, numbers,
// arrays) the element draws without computing anything. It runs in the
// widget's module Worker (www/js/widget-worker.js): a realm of its own whose
// built-ins a host page cannot patch, and whose answers reach the page by
// structured clone, which makes own data properties and never runs a setter a
// host page put on Object.prototype. Where workers are blocked, the element
// runs it in the page instead (docs/EMBED.md).
import { catalogInfo, onRestart, recommend, start } from './engine.js';
import { dollarsIn } from './format.js';
import { hasText, textIn } from './i18n.js';
import {
  decodeScenario, DEFAULT_PRESET, encodeScenario, PRESETS, recommendRequest, SCENARIO_VERSION,
} from './scenario.js';
import { camel, CONSTRAINTS, languageOf, WORKLOAD } from './widget-attributes.js';

export { onRestart };

const PAGE_URL = new URL('../index.html', import.meta.url);

// Built-ins taken when the module loads: in the page (the fallback), a host
// page that later patches `Intl.NumberFormat` or `Math` does not change what
// the widget shows. In the Worker nothing can patch them.
const NumberFormat = Intl.NumberFormat;
// `format` is a getter that returns a bound function: take the getter itself.
const formatGetter = Object.getOwnPropertyDescriptor(NumberFormat.prototype, 'format').get;
const formatWith = (format, n) => formatGetter.call(format)(n);
const { min, max } = Math;

/**
 * The widget's own words (en and zh-CN): the plan names and the labels of a
 * total or a month of service, which the page's strings do not cover.
 */
const WORDS = {
  en: {
    plan: { onDemand: 'on-demand', reserved1y: '1-year reserved', reserved3y: '3-year reserved', spot: 'spot', blended: 'blended' },
    perMonth: '{money} a month, {plan}',
    total: '{money} in total, {plan}',
    summary: '{candidates} of {considered} offers fit; each is costed under the cheapest plan that serves it (named).',
    otherVersion: 'This scenario link is from another version of gpuplan (v={version}); this widget reads v={ours}. Copy a new link from the page’s “Embed this scenario” panel.',
    badLink: 'This scenario link is damaged and was not applied. Copy a new link from the page’s “Embed this scenario” panel.',
  },
  'zh-CN': {
    plan: { onDemand: '按需', reserved1y: '1 年预留', reserved3y: '3 年预留', spot: '竞价', blended: '混合' },
    perMonth: '每月 {money}，{plan}',
    total: '合计 {money}，{plan}',
    summary: '{considered} 个报价中有 {candidates} 个满足要求；每个按能满足需求的最便宜方案计费（已注明方案）。',
    otherVersion: '此方案链接来自其他版本的 gpuplan（v={version}）；本组件读取 v={ours}。请在页面的“嵌入此方案”面板中复制新链接。',
    badLink: '此方案链接已损坏，未被应用。请在页面的“嵌入此方案”面板中复制新链接。',
  },
};

const fill = (template, vars) => template.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
const CONSTRAINT_SET = new Set(CONSTRAINTS);
const WORKLOAD_SET = new Set(WORKLOAD);


/**
 * The currency figures are shown in and its units per USD: `currency-rate`
 * when given, else the engine's cited default (`catalogInfo().displayRates`);
 * an unknown code or rate stays USD (a rate is never guessed).
 */
function shownCurrency(code, ownRate) {
  const wanted = String(code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(wanted) || wanted === 'USD') return { code: 'USD', unitsPerUsd: 1 };
  const own = Number(ownRate);
  if (ownRate != null && own > 0 && own < 1e6) return { code: wanted, unitsPerUsd: own };
  const rates = catalogInfo().displayRates ?? [];
  for (const rate of rates) if (rate.currency === wanted) return { code: wanted, unitsPerUsd: rate.unitsPerUsd };
  return { code: 'USD', unitsPerUsd: 1 };
}

/** The scenario: a preset, then the `scenario` query, then single attributes, each over the last. */
function scenarioOf(attributes) {
  const has = (name) => Object.hasOwn(attributes, name);
  // Without a preset or a scenario, attributes start from nothing unless none names a workload.
  const bare = has('scenario') || has('workload');
  const preset = PRESETS[attributes.preset ?? ''] ?? (bare ? {} : PRESETS[DEFAULT_PRESET]);
  const values = { ...preset };
  const query = attributes.scenario ?? '';
  const decoded = decodeScenario(query);
  if (decoded.status === 'ok') Object.assign(values, decoded.values);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'workload') values['w.kind'] = value;
    else if (CONSTRAINT_SET.has(name)) values[`c.${camel(name)}`] = value;
    else if (WORKLOAD_SET.has(name)) values[`w.${camel(name)}`] = value;
    else if (name === 'currency') values['c.currency'] = value;
  }
  let linkVersion = null;
  try {
    linkVersion = new URLSearchParams(query).get('v');
  } catch { /* a damaged link has no version to name */ }
  return { values, linkStatus: decoded.status, linkVersion };
}

/** A view that says why there is no answer, with the field at fault. */
function failure(title, message, error) {
  // Every key of either shape is an own property, so the element never reads one through
  // an accessor a host page put on Object.prototype.
  return {
    ok: false, title, message, summary: '', items: [], none: null, link: null, request: null, result: null, currency: null,
    error: { field: error.field ?? '', code: error.code ?? '', message: error.message ?? String(error) },
  };
}

/**
 * What the element shows for `attributes` (its attributes by name, as
 * strings): `{ ok: true, title, summary, items: [{ offer, details, cost, why }],
 * none, link: { text, href }, request, result, currency }` or
 * `{ ok: false, title, message, error: { field, code, message } }`.
 * Never throws.
 */
export async function widgetView(attributes) {
  const lang = languageOf(attributes.lang);
  const t = (key, vars) => textIn(lang, key, vars);
  const words = WORDS[lang];
  let title = '';
  try {
    try {
      await start();
    } catch (error) {
      return failure(title, t('loadFailed', { message: error.message }), error);
    }
    const { values, linkStatus, linkVersion } = scenarioOf(attributes);
    // A link of another version or a damaged one is said plainly, and nothing else is guessed.
    if (linkStatus === 'old' || linkStatus === 'bad') {
      const message = linkStatus === 'old'
        ? fill(words.otherVersion, { version: linkVersion ?? '?', ours: SCENARIO_VERSION })
        : words.badLink;
      return failure(title, message, { code: `link-${linkStatus}`, field: 'scenario', message });
    }
    const kind = values['w.kind'];
    if (kind && hasText(lang, `kind.${kind}`)) title = t(`kind.${kind}`);
    const limit = min(max(Number(attributes.limit) || (attributes.mode === 'compact' ? 3 : 5), 1), 20);
    let request;
    let result;
    try {
      request = recommendRequest(values, limit);
      result = recommend(request);
    } catch (error) {
      const message = error.code && hasText(lang, `code.${error.code}`) ? t(`code.${error.code}`, error.params) : error.message;
      return failure(title, error.field ? `${error.field}: ${message}` : message, error);
    }
    const shown = shownCurrency(values['c.currency'], attributes['currency-rate']);
    const currencyFormat = new NumberFormat(lang, { style: 'currency', currency: shown.code, maximumFractionDigits: 2 });
    const money = (usdAmount) => formatWith(currencyFormat, usdAmount * shown.unitsPerUsd);
    const number = new NumberFormat(lang, { maximumFractionDigits: 1 });
    const items = [];
    for (const c of result.candidates) {
      const region = lang === 'zh-CN' && c.offer.region.nameZh ? c.offer.region.nameZh : (c.offer.region.nameEn || c.offer.region.id);
      const cost = c.cost ?? {};
      const plan = cost.chosen && cost[cost.chosen] ? cost.chosen : 'onDemand';
      const figure = cost[plan] ?? {};
      const planName = words.plan[plan] ?? plan;
      // A service (online inference, VDI, dev box) is a cost per month; a job, a total and its duration.
      const service = figure.usdPerMonth != null;
      const hours = c.hours >= 48 ? `${formatWith(number, c.hours / 24)} ${t('r.days')}` : `${formatWith(number, c.hours)} ${t('unit.hours')}`;
      let price = t('priceUnknown');
      if (service) price = fill(words.perMonth, { money: money(figure.usdPerMonth), plan: planName });
      else if (figure.total != null) price = fill(words.total, { money: money(figure.total), plan: planName });
      const reasons = (lang === 'zh-CN' ? c.reasonsZh : c.reasons) ?? [];
      const why = reasons.map((r) => (shown.code === 'USD' ? r : dollarsIn(r, money))).join(' ');
      items.push({
        offer: `${c.offer.provider} ${c.offer.instance}`,
        details: ` · ${region} · ${formatWith(number, c.fit.instances)} × ${formatWith(number, c.offer.gpuCount)} ${c.offer.accelerator}${service ? '' : ` · ${hours}`} · `,
        cost: price,
        why,
      });
    }
    return {
      ok: true,
      title,
      summary: fill(words.summary, {
        candidates: formatWith(number, result.counts.candidates), considered: formatWith(number, result.counts.considered),
      }),
      items,
      none: items.length ? null : t('widget.none'),
      link: { text: t('widget.open'), href: `${PAGE_URL.href}?${encodeScenario(values, lang === 'en' ? {} : { lang })}` },
      request,
      result,
      currency: shown,
      message: '',
      error: null,
    };
  } catch (error) {
    // Nothing above should throw; if it does, the element still says why.
    return failure(title, error?.message ?? String(error), error ?? {});
  }
}
