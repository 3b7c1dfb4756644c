// <gpu-plan>: gpuplan's recommendation for one scenario, embeddable in any
// page with one module script and one element (docs/EMBED.md). Everything is
// drawn in the element's own shadow root with its own styles, so the host
// page's CSS neither breaks it nor is touched by it. Runs in the browser like
// the page: nothing leaves it.
import { onRestart, recommend, start } from './js/engine.js';
import { hasText, textIn } from './js/i18n.js';
import { decodeScenario, DEFAULT_PRESET, encodeScenario, PRESETS, recommendRequest } from './js/scenario.js';

const PAGE_URL = new URL('./index.html', import.meta.url);

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
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

/** kebab-case → camelCase: `requests-per-second` → `requestsPerSecond`. */
const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text != null) el.textContent = text;
  return el;
}

export class GpuPlan extends HTMLElement {
  static observedAttributes = ['scenario', 'preset', 'mode', 'lang', 'theme', 'limit', 'workload', 'model', 'accelerator', 'tokens'];

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

  attributeChangedCallback() {
    if (this.isConnected) this.update();
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
    const decoded = decodeScenario(this.getAttribute('scenario') ?? '');
    if (decoded.status === 'ok') Object.assign(values, decoded.values);
    for (const { name, value } of this.attributes) {
      if (name === 'workload') values['w.kind'] = value;
      else if (CONSTRAINTS.has(name)) values[`c.${camel(name)}`] = value;
      else if (WORKLOAD.has(name)) values[`w.${camel(name)}`] = value;
    }
    return { values, linkStatus: decoded.status };
  }

  update() {
    // Attribute changes arrive one by one: draw once per task.
    if (this.scheduled) return;
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
      return;
    }
    if (drawing !== this.drawn) return; // a newer draw has started
    const { values, linkStatus } = this.values();
    title.append(t(`kind.${values['w.kind']}`));
    if (linkStatus === 'old' || linkStatus === 'bad') this.box.append(element('p', 'error', t(`link.${linkStatus}`)));
    const limit = Math.min(Math.max(Number(this.getAttribute('limit')) || (this.getAttribute('mode') === 'compact' ? 3 : 5), 1), 20);
    let result;
    try {
      result = recommend(recommendRequest(values, undefined, limit));
    } catch (error) {
      const message = error.code && hasText(lang, `code.${error.code}`) ? t(`code.${error.code}`, error.params) : error.message;
      status.replaceWith(element('p', 'error', error.field ? `${error.field}: ${message}` : message));
      this.dataset.ready = 'error';
      return;
    }
    const money = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
    const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
    status.textContent = t('widget.summary', { candidates: number.format(result.counts.candidates), considered: number.format(result.counts.considered) });
    if (!result.candidates.length) {
      this.box.append(element('p', 'status', t('widget.none')));
    } else {
      const list = element('ol');
      for (const c of result.candidates) {
        const li = element('li');
        const region = lang === 'zh-CN' && c.offer.region.nameZh ? c.offer.region.nameZh : (c.offer.region.nameEn || c.offer.region.id);
        const hours = c.hours >= 48 ? `${number.format(c.hours / 24)} ${t('r.days')}` : `${number.format(c.hours)} ${t('unit.hours')}`;
        const cost = c.cost ?? {};
        const total = ((cost.chosen && cost[cost.chosen]) || cost.onDemand || {}).total;
        li.append(
          element('span', 'offer', `${c.offer.provider} ${c.offer.instance}`),
          ` · ${region} · ${number.format(c.fit.instances)} × ${number.format(c.offer.gpuCount)} ${c.offer.accelerator} · ${hours} · `,
          element('span', 'cost', total == null ? t('priceUnknown') : `${money.format(total)} ${t('widget.total')}`),
          element('span', 'why', (lang === 'zh-CN' ? c.reasonsZh : c.reasons)?.join(' ') ?? ''),
        );
        list.append(li);
      }
      this.box.append(list);
    }
    const link = element('a', null, t('widget.open'));
    const query = encodeScenario(values, lang === 'en' ? {} : { lang });
    link.href = `${PAGE_URL.href}?${query}`;
    link.target = '_blank';
    link.rel = 'noopener';
    this.box.append(link);
    this.dataset.ready = 'true';
  }
}

if (!customElements.get('gpu-plan')) customElements.define('gpu-plan', GpuPlan);
