// <gpu-plan>: gpuplan's recommendation for one scenario, embeddable in any
// page with one module script and one element (docs/EMBED.md). Everything is
// drawn in the element's own shadow root with its own styles, so the host
// page's CSS neither breaks it nor is touched by it. Runs in the browser like
// the page: nothing leaves it.
import { textIn } from './js/i18n.js';
import { ATTRIBUTES, camel, languageOf } from './js/widget-attributes.js';

// Built-ins taken when the module loads. The answer itself is computed in a
// module Worker (www/js/widget-worker.js, www/js/widget-view.js): a realm of
// its own the host page cannot patch, whose replies arrive by structured clone
// as own data properties, so neither patched Array methods, a patched
// `Intl.NumberFormat` nor an accessor on `Object.prototype` reach it. This
// module only draws strings it is given, walking arrays by index and reading
// only own properties. A host page that patches built-ins *before* this module
// loads, or the DOM's own methods, is out of scope (docs/EMBED.md).
const CustomEventClass = globalThis.CustomEvent;
const WorkerClass = globalThis.Worker;
const BlobClass = globalThis.Blob;
const URLClass = globalThis.URL;
const createObjectURL = URLClass.createObjectURL;
const revokeObjectURL = URLClass.revokeObjectURL;
const PromiseClass = Promise;
const hasOwn = Object.hasOwn;
const nullObject = () => Object.create(null);
const { apply } = Reflect;
const addListener = globalThis.EventTarget?.prototype.addEventListener;
const postTo = WorkerClass?.prototype.postMessage;
const jsonText = JSON.stringify;
const dynamicImport = (url) => import(url);

// Without a DOM (Node, a Worker, server-side rendering) the module still
// imports: the class extends a plain class and nothing is defined.
const Base = globalThis.HTMLElement ?? class {};

/** The texts shown before any answer (the label and "Loading…"), taken at load in both languages. */
const FIRST_TEXTS = {
  en: { label: textIn('en', 'widget.label'), loading: textIn('en', 'widget.loading') },
  'zh-CN': { label: textIn('zh-CN', 'widget.label'), loading: textIn('zh-CN', 'widget.loading') },
};

/**
 * The engine's runner, made once per page: `{ run(attributes) → Promise<view>,
 * onRestart(listener) → stop }`. A module Worker when the page allows one (a
 * same-origin `blob:` worker that imports the widget's worker module with CORS
 * when the widget comes from another origin); in the page when workers are
 * blocked (no `Worker`, a CSP without `worker-src blob:`, a failed import).
 */
let runner = null;
function engineRunner() {
  runner ??= workerRunner().catch(() => pageRunner());
  return runner;
}

async function pageRunner() {
  const view = await dynamicImport(new URLClass('./js/widget-view.js', import.meta.url).href);
  return { run: (attributes) => view.widgetView(attributes), onRestart: (listener) => view.onRestart(listener) };
}

function workerRunner() {
  return new PromiseClass((resolve, reject) => {
    if (typeof WorkerClass !== 'function' || !addListener || !postTo) {
      reject(new Error('no Worker'));
      return;
    }
    const url = new URLClass('./js/widget-worker.js', import.meta.url);
    let worker;
    let blobUrl = null;
    try {
      if (url.origin === globalThis.location?.origin) {
        worker = new WorkerClass(url.href, { type: 'module', name: 'gpuplan-widget' });
      } else {
        // A worker's script must be same-origin: a blob: module of this page that imports the real one.
        blobUrl = createObjectURL(new BlobClass([`import ${jsonText(url.href)};\n`], { type: 'text/javascript' }));
        worker = new WorkerClass(blobUrl, { type: 'module', name: 'gpuplan-widget' });
      }
    } catch (error) {
      reject(error);
      return;
    }
    const pending = nullObject();
    const restartListeners = [];
    let nextId = 0;
    let ready = false;
    const api = {
      run: (attributes) => new PromiseClass((done) => {
        nextId += 1;
        pending[nextId] = done;
        apply(postTo, worker, [{ id: nextId, attributes }]);
      }),
      onRestart: (listener) => {
        const at = restartListeners.length;
        restartListeners[at] = listener;
        return () => { restartListeners[at] = null; };
      },
    };
    apply(addListener, worker, ['error', (event) => {
      if (blobUrl) revokeObjectURL(blobUrl);
      if (!ready) {
        reject(new Error(event?.message || 'the widget worker did not load'));
        return;
      }
      // A worker that dies later: every waiting widget says so.
      for (const id in pending) {
        const done = pending[id];
        delete pending[id];
        done(unanswered(new Error(event?.message || 'the widget worker stopped')));
      }
    }]);
    apply(addListener, worker, ['message', (event) => {
      const data = event.data;
      if (data === null || typeof data !== 'object') return;
      if (hasOwn(data, 'ready')) {
        ready = true;
        if (blobUrl) revokeObjectURL(blobUrl);
        resolve(api);
      } else if (hasOwn(data, 'restarted')) {
        for (let i = 0; i < restartListeners.length; i++) restartListeners[i]?.();
      } else if (hasOwn(data, 'id') && hasOwn(pending, data.id)) {
        const done = pending[data.id];
        delete pending[data.id];
        done(data.view);
      }
    }]);
  });
}

/** The view of an answer that never came (the runner failed): an error with its message. */
function unanswered(error) {
  return {
    ok: false, title: '', message: error?.message ?? String(error), summary: '', items: [], none: null, link: null,
    request: null, result: null, currency: null, error: { field: '', code: 'engine-failed', message: error?.message ?? String(error) },
  };
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
    const connected = (this.connections = (this.connections ?? 0) + 1);
    engineRunner().then((r) => {
      if (connected === this.connections && this.isConnected) this.stopListening = r.onRestart(() => this.update());
    }, () => {});
    this.update();
  }

  disconnectedCallback() {
    this.connections = (this.connections ?? 0) + 1;
    this.stopListening?.();
    this.stopListening = null;
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
    return languageOf(this.getAttribute('lang'));
  }

  /** The element's attributes by name, in an object with no prototype (nothing inherited is read or set). */
  attributeValues() {
    const values = nullObject();
    const attributes = this.attributes;
    for (let i = 0; i < attributes.length; i++) values[attributes[i].name] = attributes[i].value;
    return values;
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
    const first = FIRST_TEXTS[lang];
    this.box.setAttribute('aria-label', first.label);
    this.box.lang = lang;
    const title = element('p', 'title');
    title.append(element('span', 'logo', 'gpuplan'), ' ');
    const status = element('p', 'status', first.loading);
    this.box.replaceChildren(title, status);
    let view;
    try {
      view = await (await engineRunner()).run(this.attributeValues());
    } catch (error) {
      view = unanswered(error);
    }
    if (drawing !== this.drawn) return; // a newer draw has started
    if (view.title) title.append(view.title);
    if (!view.ok) {
      status.replaceWith(element('p', 'error', view.message));
      this.failed(view.error);
      return;
    }
    status.textContent = view.summary;
    const items = view.items;
    if (!items.length) {
      this.box.append(element('p', 'status', view.none));
    } else {
      const list = element('ol', 'list');
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        const li = element('li', 'item');
        li.append(element('span', 'offer', item.offer), item.details, element('span', 'cost', item.cost), element('span', 'why', item.why));
        list.append(li);
      }
      this.box.append(list);
    }
    const link = element('a', 'link', view.link.text);
    link.href = view.link.href;
    link.target = '_blank';
    link.rel = 'noopener';
    this.box.append(link);
    this.answer = view.result;
    this.dataset.ready = 'true';
    // An object literal makes own properties: no setter on Object.prototype runs.
    const detail = { request: view.request, result: view.result, currency: view.currency };
    this.dispatchEvent(new CustomEventClass('gpuplan-result', { detail, bubbles: true, composed: true }));
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
