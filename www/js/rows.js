// Keyed table rows: a recompute updates the rows it can keep instead of
// building the table again. A row is found by its key (an offer id), its cells'
// text and classes are written only where they changed, and rows move only when
// the order changed. A keystroke then costs the browser a few text changes, not
// a hundred new rows with their listeners, styles and layout (docs/PERFORMANCE.md).

/** tbody → Map(key → tr) of the rows it shows. */
const shown = new WeakMap();
/** tr → the item it shows now (its listeners read it, so they are added once). */
const items = new WeakMap();

/** The item a row shows now. */
export function itemOf(tr) {
  return items.get(tr);
}

/** `td`'s own text (its first text node; a cell may hold a button after it). */
function setText(td, text) {
  const first = td.firstChild;
  if (first?.nodeType === Node.TEXT_NODE) {
    if (first.data !== text) first.data = text;
  } else {
    td.prepend(text);
  }
}

/** Writes `values` ([text, className?][]) into the row's first cells, touching only what differs. */
export function setCells(tr, values) {
  while (tr.cells.length < values.length) tr.insertCell();
  values.forEach(([text, className = ''], i) => {
    const td = tr.cells[i];
    setText(td, text);
    if (td.className !== className) td.className = className;
  });
}

/**
 * Shows `list` in `tbody`, in order. `key(item)` names a row; `create(tr)` runs
 * once for a new row (listeners: they read `itemOf(tr)`); `cells(item)` gives
 * its cells' [text, className]; `update(tr, item)` the rest (classes, controls).
 */
export function patchRows(tbody, list, { key, cells, create = () => {}, update = () => {} }) {
  const before = shown.get(tbody) ?? new Map();
  const after = new Map();
  let at = tbody.firstChild;
  for (const item of list) {
    const k = key(item);
    let tr = after.has(k) ? null : before.get(k);
    if (!tr) {
      tr = document.createElement('tr');
      create(tr);
    }
    after.set(k, tr);
    items.set(tr, item);
    setCells(tr, cells(item));
    update(tr, item);
    if (tr === at) at = at.nextSibling;
    else tbody.insertBefore(tr, at);
  }
  // What is left from `at` on was shown before and is not now (or was never ours).
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
  shown.set(tbody, after);
}
