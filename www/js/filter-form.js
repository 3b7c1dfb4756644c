// The offer filter form: form ⇄ filter object ⇄ URL, and errors shown on the field at fault.

const NUMBER = /^\s*-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * The filter object for `listOffers`. Number fields pass numbers when the text
 * reads as one, else the text itself, so the engine names the bad field.
 */
export function readFilter(form) {
  const filter = {};
  for (const el of form.querySelectorAll('[data-field]')) {
    if (el.dataset.kind === 'boolean') {
      if (el.checked) filter[el.dataset.field] = true;
      continue;
    }
    const raw = el.value.trim();
    if (raw === '') continue;
    filter[el.dataset.field] = el.dataset.kind === 'number' && NUMBER.test(raw) ? Number(raw) : raw;
  }
  return filter;
}

/** Elements whose values define the view: filter fields and estimate fields. */
const STATE = '[data-field], [data-w], [data-o], [data-top], [data-g], [data-c]';

/** Form values that define the view, as URL parameters (so a link reproduces it). */
export function writeUrl(forms, lang) {
  const params = new URLSearchParams();
  for (const el of forms.flatMap((f) => [...f.querySelectorAll(STATE)])) {
    if (el.dataset.kind === 'boolean') {
      if (el.checked) params.set(el.name, '1');
    } else if (el.value !== '' && el.value !== el.dataset.default) {
      params.set(el.name, el.value);
    }
  }
  if (lang !== 'en') params.set('lang', lang);
  const query = params.toString();
  history.replaceState(null, '', query ? `?${query}` : location.pathname);
}

export function readUrl(form, params) {
  for (const el of form.querySelectorAll(STATE)) {
    // The page's own default, recorded before any URL value is applied.
    el.dataset.default ??= el.value;
    if (el.dataset.kind === 'boolean') el.checked = params.get(el.name) === '1';
    else if (params.has(el.name)) el.value = params.get(el.name);
  }
}

/** Clears the engine's messages; the file-import message stays until the next import. */
export function clearErrors(root) {
  for (const el of root.querySelectorAll('[data-error-for]:not([data-error-for="file"])')) el.textContent = '';
  for (const el of root.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

/**
 * Shows an engine error beside its field. The path may be deeper than the
 * field on the page (`providers[1]`, `userPrices.overrides.x.onDemand`): the
 * longest prefix that names a field wins. Returns false when none matches.
 */
export function showError(root, error) {
  const path = String(error.field ?? '');
  const prefixes = [path, ...[...path.matchAll(/[.[]/g)].map((m) => path.slice(0, m.index)).reverse()];
  for (const name of prefixes) {
    const slot = root.querySelector(`[data-error-for="${CSS.escape(name)}"]`);
    if (!slot) continue;
    slot.textContent = error.message;
    root.querySelector(`[data-field="${CSS.escape(name)}"], [data-user-field="${CSS.escape(name)}"]`)
      ?.setAttribute('aria-invalid', 'true');
    return true;
  }
  return false;
}

/** Fills a <select> with options after its first ("any") option. */
export function fillSelect(select, options) {
  const keep = select.value;
  while (select.options.length > 1) select.remove(1);
  for (const { value, label } of options) select.add(new Option(label, value));
  select.value = keep;
}
