// Tooltips for the trade's abbreviations and the tables' column headers: each
// term gets a `title` (the tooltip a pointer shows) and the same words as an
// accessible description (`aria-describedby` to a visually hidden node), so a
// keyboard or screen-reader user hears what a mouse user sees. Both languages.
import { language, t } from './i18n.js';

/**
 * The terms table: every abbreviation or trade word the page can show, with
 * how it is written in English and, where it differs, in Chinese. Its words
 * are `term.<id>` in i18n.js. Wherever one of these occurs in a text the page
 * shows (labels, tables, the engine's sentences), the element holding that
 * text gets the term's words in its tooltip (`markTerms`).
 */
export const TERMS = [
  ['ttft', /\bTTFT\b/], ['itl', /\bITL\b/], ['mfu', /\bMFU\b/],
  ['tp', /\bTP\b/], ['pp', /\bPP\b/], ['dp', /\bDP\b/], ['ep', /\bEP\b/],
  ['zero', /\bZeRO\b/], ['qlora', /\bQLoRA\b/], ['lora', /\bLoRA\b/], ['kv', /\bKV\b/],
  ['fp8', /\bFP8\b/], ['bf16', /\bBF16\b/], ['fp16', /\bFP16\b/], ['int8', /\bINT8\b/], ['int4', /\bINT4\b/],
  ['spot', /\bspot\b/i, /竞价|\bSpot\b/], ['reserved', /\breserved\b/i, /预留/],
  ['savingsPlan', /\bsavings plans?\b/i, /节省计划/], ['blended', /\bblended\b/i, /混合(?!精度|专家)/],
  ['breakEven', /\bbreak(?:s|-)?[ -]?even\b/i, /盈亏平衡|持平/],
  ['pue', /\bPUE\b/], ['egress', /\begress\b/i, /出站流量/],
  ['nvlink', /\bNVLink\d?\b/], ['infiniband', /\bInfiniBand\b/], ['rdma', /\bRDMA\b/], ['vgpu', /\bvGPUs?\b/],
  ['mlps', /\bMLPS\b|\bDengbao\b/, /等保|\bMLPS\b/], ['tco', /\bTCO\b/, /总拥有成本|\bTCO\b/], ['moe', /\bMoE\b/],
  ['vcpu', /\bvCPUs?\b/],
];

/** The terms `text` mentions, in the page's language (ids, in table order). */
export function termsIn(text, lang = language()) {
  const found = [];
  for (const [id, en, zh] of TERMS) {
    if ((lang === 'zh-CN' && zh ? zh : en).test(text)) found.push(id);
  }
  return found;
}

/** Where the page's text is not shown as text, or is the terms' own words. */
const UNMARKED = 'svg, script, style, noscript, template, #term-descriptions';

/** element → { own, set }: the title the page's code gave it, and the one set here. */
const marked = new WeakMap();

/** The element's tooltip: its own title and the words of each term its own text names. */
function markElement(el) {
  if (!(el instanceof HTMLElement) || el.closest(UNMARKED)) return;
  let text = '';
  for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) text += `${node.data} `;
  const last = marked.get(el);
  const current = el.getAttribute('title');
  // A title another module set since (or before) is the element's own: kept first.
  const own = last && current === last.set ? last.own : current;
  const words = (text.trim() ? termsIn(text) : []).map((id) => t(`term.${id}`)).filter((w) => !own?.includes(w));
  const next = words.length ? [own, ...words].filter(Boolean).join('\n') : own;
  if (next !== current) {
    if (next == null) el.removeAttribute('title');
    else el.title = next;
  }
  if (words.length || last) marked.set(el, { own, set: next });
}

/**
 * Sets the tooltip the page's own code gives `el` (null or '' for none): the
 * words of the terms its text names stay after it. Code that sets a title on
 * text the page shows sets it here, so the comparison with what it set last is
 * made with its own title, not with the marked one (a recompute that rewrites
 * the same title and the same text would otherwise wipe the terms' words, and
 * no text mutation would bring them back).
 */
export function setOwnTitle(el, title) {
  const own = title || null;
  const last = marked.get(el);
  if (last ? last.own === own : el.getAttribute('title') === own) return;
  if (own == null) el.removeAttribute('title');
  else el.title = own;
  marked.delete(el);
  markElement(el);
}

/** Marks `root` and every element under it. */
export function markTerms(root = document.body) {
  if (!root) return;
  if (root.nodeType === Node.ELEMENT_NODE) markElement(root);
  for (const el of root.querySelectorAll?.('*') ?? []) markElement(el);
}

let observer = null;
const pending = new Set();
/** Added subtrees: marked whole (other pending elements only for their own text). */
const deep = new WeakSet();
let scheduled = false;

function flush() {
  scheduled = false;
  const roots = [...pending];
  pending.clear();
  for (const node of roots) {
    if (!node.isConnected) continue;
    if (deep.has(node)) {
      deep.delete(node);
      markTerms(node);
    } else markElement(node);
  }
}

/**
 * Keeps the tooltips in step with what the page shows: text the page writes
 * later (a recompute, a dialog, a language switch) is marked after the frame
 * that shows it, off the path from a keystroke to the screen.
 */
function watch() {
  if (observer || typeof MutationObserver !== 'function') return;
  observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') {
        if (r.target.parentElement) pending.add(r.target.parentElement);
        continue;
      }
      pending.add(r.target);
      for (const node of r.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        deep.add(node);
        pending.add(node);
      }
    }
    if (pending.size && !scheduled) {
      scheduled = true;
      requestAnimationFrame(() => setTimeout(flush, 0));
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** Column headers (by their text key) and the term that explains them. */
const HEADERS = {
  'r.layout': 'layout', 'r.time': 'time', 'cost.column': 'cost', 'r.why': 'why',
  'col.gpuMemory': 'gpuMemory', 'col.vcpus': 'vcpu', 'col.price': 'price', 'col.pricePerGpu': 'pricePerGpu',
};

/** The element a term explains: a label's control, a header's sort button, else itself. */
function target(el) {
  if (el.tagName === 'LABEL' && el.htmlFor) return document.getElementById(el.htmlFor) ?? el;
  return el.querySelector('button') ?? el;
}

function describedBy(el, id) {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  if (!ids.includes(id)) el.setAttribute('aria-describedby', [...ids, id].join(' '));
}

/** Sets every term's tooltip and description in the page's language (again after a language switch). */
export function explainTerms(root = document) {
  for (const [key, term] of Object.entries(HEADERS)) {
    const selector = `[data-i18n=${CSS.escape(key)}]`;
    for (const node of root.querySelectorAll(`th${selector}, th ${selector}`)) {
      node.closest('th').dataset.term = term;
    }
  }
  let box = document.getElementById('term-descriptions');
  if (!box) {
    box = document.createElement('div');
    box.id = 'term-descriptions';
    box.className = 'visually-hidden';
    // Inside a landmark (the footer), as every part of the page is.
    (document.querySelector('footer') ?? document.body).append(box);
  }
  for (const el of root.querySelectorAll('[data-term]')) {
    const term = el.dataset.term;
    const words = t(`term.${term}`);
    el.title = words;
    const id = `term-${term}`;
    let description = document.getElementById(id);
    if (!description) {
      description = document.createElement('span');
      description.id = id;
      box.append(description);
    }
    description.textContent = words;
    describedBy(target(el), id);
  }
  markTerms(document.body);
  watch();
}
