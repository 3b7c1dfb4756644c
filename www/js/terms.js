// Tooltips for the trade's abbreviations and the tables' column headers: each
// term gets a `title` (the tooltip a pointer shows) and the same words as an
// accessible description (`aria-describedby` to a visually hidden node), so a
// keyboard or screen-reader user hears what a mouse user sees. Both languages.
import { t } from './i18n.js';

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
}
