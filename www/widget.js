// <gpu-plan>: gpuplan's recommendation for one scenario, embeddable in any
// page with one module script and one element (docs/EMBED.md). Everything is
// drawn in the element's own shadow root with its own styles, so the host
// page's CSS neither breaks it nor is touched by it. Runs in the browser like
// the page: nothing leaves it.
import { catalogInfo, onRestart, recommend, start } from './js/engine.js';
import { dollarsIn } from './js/format.js';
import { hasText, textIn } from './js/i18n.js';
import {
  decodeScenario, DEFAULT_PRESET, encodeScenario, PRESETS, recommendRequest, SCENARIO_VERSION,
} from './js/scenario.js';

const PAGE_URL = new URL('./index.html', import.meta.url);

// Built-ins taken when the module loads, so a host page that later patches
// `Intl.NumberFormat`, `Math` or `JSON` does not change what the widget shows;
// the widget also walks the engine's arrays by index, never through
// `Array.prototype` methods a host page may have replaced.
const NumberFormat = Intl.NumberFormat;
// `format` is a getter that returns a bound function: take the getter itself.
const formatGetter = Object.getOwnPropertyDescriptor(NumberFormat.prototype, 'format').get;
const formatWith = (format, n) => formatGetter.call(format)(n);
const { min, max } = Math;
const CustomEventClass = globalThis.CustomEvent;

// Without a DOM (Node, a Worker, server-side rendering) the module still
// imports: the class extends a plain class and nothing is defined.
const Base = globalThis.HTMLElement ?? class {};

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

/** Attributes that name a constraint or priority. */
const CONSTRAINTS = new Set(['rank', 'providers', 'regions', 'jurisdictions', 'compliance', 'deadline-hours', 'budget-usd']);
/**
 * Attributes that name a workload field (docs/API.md), so a host page's own
 * attributes (`class`, `tabindex`, `role`, …) never reach the engine. The
 * serving `mode` is set through `scenario`: `mode` is the widget's layout.
 */
const WORKLOAD = new Set(['model', 'tokens', 'method', 'precision', 'context-tokens', 'micro-batch', 'recompute',
  'zero-stage', 'gpus', 'tensor-parallel', 'pipeline-parallel', 'optimizer', 'lora-rank', 'interconnect',
  'gpus-per-node', 'kv-precision', 'prompt-tokens', 'output-tokens', 'concurrency', 'requests-per-second',
  'tokens-per-day', 'requests-per-day', 'ttft-target-ms', 'itl-target-ms', 'work-tflop', 'reference-hours',
  'reference-accelerator', 'memory-gib-per-job', 'jobs', 'frames', 'minutes-per-frame', 'memory-gib', 'desktops',
  'profile-gib', 'graphics-apis', 'hours-per-month', 'min-gpu-memory-gib', 'gpu-memory-gib', 'gpu-count', 'hours',
  'accelerator']);

/** Every attribute the widget reads; each is observed, and each has a property of the same name in camelCase. */
const ATTRIBUTES = ['scenario', 'preset', 'workload', 'mode', 'limit', 'lang', 'theme', 'currency', 'currency-rate', ...CONSTRAINTS, ...WORKLOAD];

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
  for (let i = 0; i < rates.length; i++) if (rates[i].currency === wanted) return { code: wanted, unitsPerUsd: rates[i].unitsPerUsd };
  return { code: 'USD', unitsPerUsd: 1 };
}

const STYLE = `
:host {
  all: initial !important; display: block !important; contain: content;
  --gp-fg: #1b1f24; --gp-muted: #545d68; --gp-line: #d0d7de; --gp-bg: #fff; --gp-accent: #0550ae; --gp-bad: #a40e26;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif !important;
  color: var(--gp-fg) !important; background: var(--gp-bg) !important;
  border: 1px solid var(--gp-line) !important; border-radius: 6px !important; padding: .6rem .8rem !important;
  max-width: 100%; box-sizing: border-box !important;
}
:host([theme="dark"]) { --gp-fg: #e6edf3; --gp-muted: #9ea7b3; --gp-line: #3d444d; --gp-bg: #0d1117; --gp-accent: #6cb6ff; --gp-bad: #ff8182; }
@media (prefers-color-scheme: dark) {
  :host(:not([theme="light"]):not([theme="dark"])) { --gp-fg: #e6edf3; --gp-muted: #9ea7b3; --gp-line: #3d444d; --gp-bg: #0d1117; --gp-accent: #6cb6ff; --gp-bad: #ff8182; }
}
:host([hidden]) { display: none !important; }
.box { display: block; }
.title { font-weight: 600; margin: 0 0 .3rem; font-size: 1em; }
.title .logo { color: var(--gp-accent); font-weight: 800; }
.status { color: var(--gp-muted); margin: .2rem 0; font-size: .9em; }
.error { color: var(--gp-bad); margin: .2rem 0; }
ol { margin: .3rem 0; padding-left: 1.4rem; }
li { margin: .25rem 0; }
.offer { font-weight: 600; overflow-wrap: anywhere; }
.cost { font-variant-numeric: tabular-nums; white-space: nowrap; }
.why { color: var(--gp-muted); font-size: .85em; display: block; }
:host([mode="compact"]) .why, :host([mode="compact"]) .status { display: none; }
a { color: var(--gp-accent); }
a:focus-visible { outline: 2px solid var(--gp-accent); outline-offset: 2px; }
`;

let sheet = null;
function styleSheet() {
  // Constructed on first use: the module imports where CSSStyleSheet does not exist.
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

/** kebab-case → camelCase: `requests-per-second` → `requestsPerSecond`. */
const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** An element with a class and a `part` of the same name (styled from outside with `gpu-plan::part(name)`). */
function element(tag, part, text) {
  const el = document.createElement(tag);
  if (part) {
    el.className = part;
    el.setAttribute('part', part);
  }
  if (text != null) el.textContent = text;
  return el;
}

export class GpuPlan extends Base {
  static observedAttributes = [...ATTRIBUTES, 'hidden'];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.shadowRoot.adoptedStyleSheets = [styleSheet()];
    this.box = element('div', 'box');
    this.box.setAttribute('role', 'region');
    this.shadowRoot.append(this.box);
    this.scheduled = false;
    this.drawn = 0;
  }

  connectedCallback() {
    // After an engine trap and restart, redraw with the same attributes.
    this.stopListening = onRestart(() => this.update());
    this.update();
  }

  disconnectedCallback() {
    this.stopListening?.();
  }

  attributeChangedCallback(name, before, after) {
    if (before === after) return;
    if (name === 'hidden' && after !== null) return; // nothing to draw while hidden
    if (this.isConnected) this.update();
  }

  /** The last answer drawn (`null` before the first, or after an error). */
  get result() {
    return this.answer ?? null;
  }

  get language() {
    return (this.getAttribute('lang') ?? '').toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
  }

  /** The scenario: a preset, then the `scenario` query, then single attributes, each over the last. */
  values() {
    // Without a preset or a scenario, attributes start from nothing unless none names a workload.
    const bare = this.hasAttribute('scenario') || this.hasAttribute('workload');
    const preset = PRESETS[this.getAttribute('preset') ?? ''] ?? (bare ? {} : PRESETS[DEFAULT_PRESET]);
    const values = { ...preset };
    const query = this.getAttribute('scenario') ?? '';
    const decoded = decodeScenario(query);
    if (decoded.status === 'ok') Object.assign(values, decoded.values);
    const attributes = this.attributes;
    for (let i = 0; i < attributes.length; i++) {
      const { name, value } = attributes[i];
      if (name === 'workload') values['w.kind'] = value;
      else if (CONSTRAINTS.has(name)) values[`c.${camel(name)}`] = value;
      else if (WORKLOAD.has(name)) values[`w.${camel(name)}`] = value;
      else if (name === 'currency') values['c.currency'] = value;
    }
    let linkVersion = null;
    try {
      linkVersion = new URLSearchParams(query).get('v');
    } catch { /* a damaged link has no version to name */ }
    return { values, linkStatus: decoded.status, linkVersion };
  }

  update() {
    // Attribute changes arrive one by one: draw once per task; a hidden widget draws when shown.
    if (this.scheduled || this.hasAttribute('hidden')) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.draw();
    });
  }

  async draw() {
    const drawing = ++this.drawn;
    const lang = this.language;
    const t = (key, vars) => textIn(lang, key, vars);
    const words = WORDS[lang];
    this.box.setAttribute('aria-label', t('widget.label'));
    this.box.lang = lang;
    const title = element('p', 'title');
    title.append(element('span', 'logo', 'gpuplan'), ' ');
    const status = element('p', 'status', t('widget.loading'));
    this.box.replaceChildren(title, status);
    try {
      await start();
    } catch (error) {
      status.replaceWith(element('p', 'error', t('loadFailed', { message: error.message })));
      this.failed(error);
      return;
    }
    if (drawing !== this.drawn) return; // a newer draw has started
    const { values, linkStatus, linkVersion } = this.values();
    // A link of another version or a damaged one is said plainly, and nothing else is guessed.
    if (linkStatus === 'old' || linkStatus === 'bad') {
      const message = linkStatus === 'old'
        ? fill(words.otherVersion, { version: linkVersion ?? '?', ours: SCENARIO_VERSION })
        : words.badLink;
      status.replaceWith(element('p', 'error', message));
      this.failed({ code: `link-${linkStatus}`, field: 'scenario', message });
      return;
    }
    const kind = values['w.kind'];
    if (kind && hasText(lang, `kind.${kind}`)) title.append(t(`kind.${kind}`));
    const limit = min(max(Number(this.getAttribute('limit')) || (this.getAttribute('mode') === 'compact' ? 3 : 5), 1), 20);
    let request;
    let result;
    try {
      request = recommendRequest(values, undefined, limit);
      result = recommend(request);
    } catch (error) {
      const message = error.code && hasText(lang, `code.${error.code}`) ? t(`code.${error.code}`, error.params) : error.message;
      status.replaceWith(element('p', 'error', error.field ? `${error.field}: ${message}` : message));
      this.failed(error);
      return;
    }
    const shown = shownCurrency(values['c.currency'], this.getAttribute('currency-rate'));
    const currencyFormat = new NumberFormat(lang, { style: 'currency', currency: shown.code, maximumFractionDigits: 2 });
    const money = (usdAmount) => formatWith(currencyFormat, usdAmount * shown.unitsPerUsd);
    const number = new NumberFormat(lang, { maximumFractionDigits: 1 });
    status.textContent = fill(words.summary, {
      candidates: formatWith(number, result.counts.candidates), considered: formatWith(number, result.counts.considered),
    });
    const candidates = result.candidates;
    if (!candidates.length) {
      this.box.append(element('p', 'status', t('widget.none')));
    } else {
      const list = element('ol', 'list');
      for (let i = 0; i < candidates.length; i++) {
        const c = candidates[i];
        const li = element('li', 'item');
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
        let why = '';
        for (let r = 0; r < reasons.length; r++) why += (r ? ' ' : '') + (shown.code === 'USD' ? reasons[r] : dollarsIn(reasons[r], money));
        li.append(
          element('span', 'offer', `${c.offer.provider} ${c.offer.instance}`),
          ` · ${region} · ${formatWith(number, c.fit.instances)} × ${formatWith(number, c.offer.gpuCount)} ${c.offer.accelerator}${service ? '' : ` · ${hours}`} · `,
          element('span', 'cost', price),
          element('span', 'why', why),
        );
        list.append(li);
      }
      this.box.append(list);
    }
    const link = element('a', 'link', t('widget.open'));
    const query = encodeScenario(values, lang === 'en' ? {} : { lang });
    link.href = `${PAGE_URL.href}?${query}`;
    link.target = '_blank';
    link.rel = 'noopener';
    this.box.append(link);
    this.answer = result;
    this.dataset.ready = 'true';
    this.dispatchEvent(new CustomEventClass('gpuplan-result', { detail: { request, result, currency: shown }, bubbles: true, composed: true }));
  }

  /** An answer could not be drawn: the event says why, with the field at fault. */
  failed(error) {
    this.answer = null;
    this.dataset.ready = 'error';
    const detail = { error: { field: error.field ?? '', code: error.code ?? '', message: error.message ?? String(error) } };
    this.dispatchEvent(new CustomEventClass('gpuplan-error', { detail, bubbles: true, composed: true }));
  }
}

// Each attribute as a property (`el.requestsPerSecond = 20` sets `requests-per-second`;
// `null` removes it), unless HTMLElement already reflects it (`lang`).
for (let i = 0; i < ATTRIBUTES.length; i++) {
  const name = ATTRIBUTES[i];
  const property = camel(name);
  if (property in Base.prototype) continue;
  Object.defineProperty(GpuPlan.prototype, property, {
    configurable: true,
    enumerable: true,
    get() {
      const value = this.getAttribute(name);
      return name === 'limit' && value !== null ? Number(value) : value;
    },
    set(value) {
      if (value === null || value === undefined || value === false) this.removeAttribute(name);
      else this.setAttribute(name, String(value));
    },
  });
}

if (globalThis.customElements && !customElements.get('gpu-plan')) customElements.define('gpu-plan', GpuPlan);
