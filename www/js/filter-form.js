// The offer filter form: form ⇄ filter object ⇄ URL, and errors shown on the field at fault.
import { describe } from './i18n.js';
import { requestFrom, valuesOf } from './fields.js';

/**
 * The filter object for `listOffers`, through the field table: number fields
 * pass numbers when the text reads as one, else the text itself, so the
 * engine names the bad field.
 */
export function readFilter(form) {
  return requestFrom(valuesOf(form));
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
    slot.textContent = describe(error);
    controlOf(slot)?.setAttribute('aria-invalid', 'true');
    return true;
  }
  return false;
}

/** The input an error message belongs to: the one in the same field. */
function controlOf(slot) {
  return slot.parentElement?.querySelector('input, select, textarea') ?? null;
}

/** Every input names its error message with aria-describedby, so a screen reader reads the error with the field. */
export function linkErrors(root) {
  let n = 0;
  for (const slot of root.querySelectorAll('.field-error')) {
    const control = controlOf(slot);
    if (!control) continue;
    slot.id ||= `${control.id || `field-${(n += 1)}`}-error`;
    control.setAttribute('aria-describedby', slot.id);
  }
}

/** Fills a <select> with options after its first ("any") option. */
export function fillSelect(select, options) {
  const keep = select.value;
  while (select.options.length > 1) select.remove(1);
  for (const { value, label } of options) select.add(new Option(label, value));
  select.value = keep;
}
