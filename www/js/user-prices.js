// "Your prices": discounts per provider, a CNY rate, per-offer prices and an
// imported catalog. Kept in localStorage (never sent anywhere) and passed to
// the engine with every call as `userPrices`.
import { listOffers, parseCatalogFile } from './engine.js';
import { describe, t } from './i18n.js';

const STORAGE_KEY = 'gpuplan.userPrices.v1';
const NUMBER = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;
/** The engine reads catalog files of at most 5 MB (docs/API.md). */
const MAX_FILE_BYTES = 5e6;

function empty() {
  return { discounts: {}, overrides: {}, exchangeRates: {}, customOffers: [], customFile: null };
}

/** Local storage may be missing (private mode, some file:// pages): then settings last for the visit. */
export function loadUserPrices() {
  try {
    return sanitize(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    return empty();
  }
}

const isRecord = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Saved settings of the wrong shape (another version, another page, a hand
 * edit) must not stop the page: each part of the wrong type is dropped. The
 * values themselves are checked by the engine on every call.
 */
function sanitize(saved) {
  const state = empty();
  if (!isRecord(saved)) return state;
  for (const key of ['discounts', 'overrides', 'exchangeRates']) {
    if (isRecord(saved[key])) state[key] = saved[key];
  }
  if (Array.isArray(saved.customOffers)) state.customOffers = saved.customOffers.filter(isRecord);
  if (typeof saved.customFile === 'string') state.customFile = saved.customFile;
  return state;
}

/**
 * Saves the settings; false when the browser refused (quota, private mode),
 * and the panel's notice then says what was not saved.
 */
function save(state, what = 'userPrices') {
  let saved = true;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    saved = false;
  }
  const notice = document.getElementById('prices-notice');
  if (notice && (!saved || notice.dataset.kind === 'not-saved')) {
    notice.hidden = saved;
    notice.dataset.kind = saved ? '' : 'not-saved';
    notice.textContent = saved ? '' : t('pricesNotSaved', { what });
  }
  return saved;
}

/** Shows a notice in the panel (or clears it with an empty text). */
function notify(text) {
  const notice = document.getElementById('prices-notice');
  if (!notice) return;
  notice.hidden = !text;
  notice.dataset.kind = text ? 'info' : '';
  notice.textContent = text;
}

/** The most repairs tried before the saved settings are given up as a whole. */
const MAX_REPAIRS = 50;

/**
 * Saved settings the engine refuses are repaired, never left to stop the
 * page: the engine checks them as every call would (`listOffers` with one
 * result), and the entry its error names is dropped, until it accepts them.
 * Returns the dropped entries (paths); the rest of the settings are kept.
 */
export function repairUserPrices(state) {
  const dropped = [];
  for (let attempt = 0; attempt <= MAX_REPAIRS; attempt += 1) {
    try {
      listOffers({ limit: 1, userPrices: forEngine(state) });
      break;
    } catch (error) {
      // A trap or restart is the engine's to handle, not a bad setting.
      if (typeof error?.field !== 'string' || !error.field) throw error;
      const path = error.field.replace(/^userPrices\.?/, '');
      const keyed = /^(discounts|overrides|exchangeRates)\.([^.[]+)/.exec(path);
      const offer = /^customOffers\[(\d+)\]/.exec(path);
      if (attempt === MAX_REPAIRS) {
        dropped.push('*');
        Object.assign(state, empty());
      } else if (keyed && Object.hasOwn(state[keyed[1]], keyed[2])) {
        delete state[keyed[1]][keyed[2]];
        dropped.push(`${keyed[1]}.${keyed[2]}`);
      } else if (offer && Number(offer[1]) < state.customOffers.length) {
        state.customOffers.splice(Number(offer[1]), 1);
        dropped.push(`customOffers[${offer[1]}]`);
      } else {
        // An error of a whole part (too many offers, duplicate ids): that part goes.
        const part = ['discounts', 'overrides', 'exchangeRates', 'customOffers'].find((k) => path.startsWith(k));
        if (part === 'customOffers') {
          state.customOffers = [];
          state.customFile = null;
        } else if (part) state[part] = {};
        else Object.assign(state, empty());
        dropped.push(part ?? '*');
      }
    }
  }
  if (dropped.length) {
    save(state);
    notify(t('pricesDropped', { list: dropped.slice(0, 10).join(', ') + (dropped.length > 10 ? ', …' : '') }));
  }
  return dropped;
}

/**
 * "Reset all my prices" works before anything else on the page has run, so
 * that settings which break the page can always be removed.
 */
export function attachReset(panel, state, onReset = () => {}) {
  panel.querySelector('#reset-prices')?.addEventListener('click', () => {
    Object.assign(state, empty());
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch { /* storage unavailable: nothing was saved */ }
    for (const input of panel.querySelectorAll('input')) input.value = '';
    const status = panel.querySelector('#custom-status');
    if (status) status.textContent = '';
    notify('');
    onReset();
  });
}

/**
 * A file's text: UTF-8 (with or without a BOM) or UTF-16 with a BOM; other
 * bytes are read as Windows-1252 (Latin-1) and the returned `encoding` says so.
 */
export async function readText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const [a, b] = bytes;
  if (a === 0xff && b === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'UTF-16LE' };
  if (a === 0xfe && b === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'UTF-16BE' };
  // UTF-16 without a BOM: ASCII text has a zero byte in every other place.
  const sample = bytes.subarray(0, 2048);
  const zerosOdd = sample.filter((x, i) => i % 2 === 1 && x === 0).length;
  const zerosEven = sample.filter((x, i) => i % 2 === 0 && x === 0).length;
  if (sample.length > 8 && zerosOdd > sample.length / 4) {
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'UTF-16LE' };
  }
  if (sample.length > 8 && zerosEven > sample.length / 4) {
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'UTF-16BE' };
  }
  try {
    // The decoder drops a UTF-8 BOM.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252 (Latin-1)' };
  }
}

/** A file written by "Export my prices": an object with only the settings' keys. */
function isPricesExport(text) {
  if (!/^\s*\{/.test(text)) return null;
  try {
    const value = JSON.parse(text);
    const keys = ['discounts', 'overrides', 'exchangeRates', 'customOffers'];
    return isRecord(value) && Object.keys(value).length && Object.keys(value).every((k) => keys.includes(k))
      ? value : null;
  } catch {
    return null;
  }
}

/** The engine's `userPrices` (without the page's own bookkeeping). */
export function forEngine(state) {
  const { discounts, overrides, exchangeRates, customOffers } = state;
  return { discounts, overrides, exchangeRates, customOffers };
}

/** A number from the text, or the text itself so the engine names the bad field. */
function numberOrText(raw) {
  return NUMBER.test(raw) ? Number(raw) : raw;
}

export function setOverride(state, id, raw) {
  const text = raw.trim();
  if (text === '') delete state.overrides[id];
  else state.overrides[id] = { ...state.overrides[id], onDemand: numberOrText(text) };
  save(state, id);
}

/**
 * Wires the panel. `onChange` recomputes the page; it returns false when the
 * engine rejected the settings (the error is then shown on its field).
 */
export function initUserPricesPanel(panel, state, providers, onChange) {
  const discounts = panel.querySelector('#discount-fields');
  const inputs = providers.map((id) => {
    const label = document.createElement('label');
    label.textContent = id;
    const input = document.createElement('input');
    input.inputMode = 'decimal';
    input.placeholder = '0';
    input.dataset.userField = `userPrices.discounts.${id}`;
    input.value = state.discounts[id] ?? '';
    const error = document.createElement('span');
    error.className = 'field-error';
    error.dataset.errorFor = `userPrices.discounts.${id}`;
    label.append(input, error);
    input.addEventListener('input', () => {
      const raw = input.value.trim();
      if (raw === '') delete state.discounts[id];
      else state.discounts[id] = numberOrText(raw);
      save(state, `${id} ${raw}%`);
      onChange();
    });
    return label;
  });
  discounts.replaceChildren(...inputs);

  // One input per currency (`data-user-field="userPrices.exchangeRates.CNY"`): the rate its
  // published prices convert at, and the rate figures are shown at in that currency.
  const rates = [...panel.querySelectorAll('[data-user-field^="userPrices.exchangeRates."]')];
  const showRates = () => {
    for (const input of rates) input.value = state.exchangeRates[input.dataset.userField.split('.').pop()] ?? '';
  };
  showRates();
  for (const input of rates) {
    const code = input.dataset.userField.split('.').pop();
    input.addEventListener('input', () => {
      const raw = input.value.trim();
      if (raw === '') delete state.exchangeRates[code];
      else state.exchangeRates[code] = numberOrText(raw);
      save(state, `${code} ${raw}`);
      onChange();
    });
  }

  const status = panel.querySelector('#custom-status');
  const showStatus = () => {
    status.textContent = state.customFile ? t('customStatus', { count: state.customOffers.length, name: state.customFile }) : '';
  };
  showStatus();
  const fileInput = panel.querySelector('#f-catalog-file');
  const fileError = panel.querySelector('[data-error-for="file"]');
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    fileError.textContent = '';
    // Checked before reading: a huge file is refused without loading it into memory.
    if (file.size > MAX_FILE_BYTES) {
      fileError.textContent = `${file.name}: ${t('fileTooLarge', { mb: MAX_FILE_BYTES / 1e6 })}`;
      return;
    }
    const format = file.name.toLowerCase().endsWith('.json') ? 'json' : 'csv';
    try {
      const { text, encoding } = await readText(file);
      notify(encoding.startsWith('UTF-8') ? '' : t('fileReadAs', { name: file.name, encoding }));
      const exported = format === 'json' ? isPricesExport(text) : null;
      // Accepted only if every call will accept it: the engine checks the
      // settings with the file as each call would (bounds, currencies, ids).
      const next = exported
        ? { ...sanitize(exported), customFile: exported.customOffers?.length ? file.name : null }
        : { ...state, customOffers: parseCatalogFile(text, format).offers, customFile: file.name };
      listOffers({ limit: 1, userPrices: forEngine(next) });
      Object.assign(state, next);
      if (exported) {
        notify(t('pricesImported', { name: file.name }));
        for (const input of panel.querySelectorAll('[data-user-field^="userPrices.discounts."]')) {
          input.value = state.discounts[input.dataset.userField.split('.').pop()] ?? '';
        }
        showRates();
      }
      save(state, file.name);
      showStatus();
      onChange();
    } catch (error) {
      // The previous catalog and every other setting stay as they were.
      fileError.textContent = `${file.name}: ${describe(error)}`;
    }
  });

  panel.querySelector('#clear-custom').addEventListener('click', () => {
    state.customOffers = [];
    state.customFile = null;
    save(state);
    showStatus();
    onChange();
  });
  // The reset button was wired by `attachReset` before anything could throw;
  // here it also refreshes what the panel shows.
  panel.querySelector('#reset-prices').addEventListener('click', () => {
    showStatus();
    onChange();
  });
  panel.querySelector('#export-prices').addEventListener('click', () => {
    const blob = new Blob([JSON.stringify(forEngine(state), null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'gpuplan-my-prices.json';
    link.click();
    URL.revokeObjectURL(link.href);
  });
  if (Object.keys(state.discounts).length || Object.keys(state.exchangeRates).length || state.customOffers.length) {
    panel.open = true;
  }
}
