// The offer filter form: form ⇄ filter object ⇄ URL, and errors shown on the field at fault.

const NUMBER = /^\s*-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * The filter object for `listOffers`. Number fields pass numbers when the text
 * reads as one, else the text itself, so the engine names the bad field.
 */
export function readFilter(form) {
  const filter = {};
  for (const el of form.querySelectorAll('[data-field]')) {
    const raw = el.value.trim();
    if (raw === '') continue;
    filter[el.dataset.field] = el.dataset.kind === 'number' && NUMBER.test(raw) ? Number(raw) : raw;
  }
  return filter;
}

/** Form values that define the view, as URL parameters (so a link reproduces it). */
export function writeUrl(form, lang) {
  const params = new URLSearchParams();
  for (const el of form.querySelectorAll('[data-field]')) {
    if (el.value !== '' && el.value !== el.dataset.default) params.set(el.name, el.value);
  }
  if (lang !== 'en') params.set('lang', lang);
  const query = params.toString();
  history.replaceState(null, '', query ? `?${query}` : location.pathname);
}

export function readUrl(form, params) {
  for (const el of form.querySelectorAll('[data-field]')) {
    el.dataset.default = el.value;
    if (params.has(el.name)) el.value = params.get(el.name);
  }
}

export function clearErrors(form) {
  for (const el of form.querySelectorAll('[data-error-for]')) el.textContent = '';
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

/**
 * Shows an engine error beside its field. The field path may be nested
 * (`providers[1]`): the first segment names the form field.
 * Returns false when no field on the form matches.
 */
export function showError(form, error) {
  const name = String(error.field ?? '').split(/[.[]/)[0];
  const slot = form.querySelector(`[data-error-for="${CSS.escape(name)}"]`);
  const input = form.querySelector(`[data-field="${CSS.escape(name)}"]`);
  if (!slot) return false;
  slot.textContent = error.message;
  input?.setAttribute('aria-invalid', 'true');
  return true;
}

/** Fills a <select> with options after its first ("any") option. */
export function fillSelect(select, options) {
  const keep = select.value;
  while (select.options.length > 1) select.remove(1);
  for (const { value, label } of options) select.add(new Option(label, value));
  select.value = keep;
}
