// "Your prices": discounts per provider, a CNY rate, per-offer prices and an
// imported catalog. Kept in localStorage (never sent anywhere) and passed to
// the engine with every call as `userPrices`.
import { parseCatalogFile } from './engine.js';
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

function save(state) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch { /* storage full or unavailable: keep the settings in memory */ }
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
  save(state);
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
      save(state);
      onChange();
    });
    return label;
  });
  discounts.replaceChildren(...inputs);

  const rate = panel.querySelector('#f-rate-cny');
  rate.value = state.exchangeRates.CNY ?? '';
  rate.addEventListener('input', () => {
    const raw = rate.value.trim();
    if (raw === '') delete state.exchangeRates.CNY;
    else state.exchangeRates.CNY = numberOrText(raw);
    save(state);
    onChange();
  });

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
      const parsed = parseCatalogFile(await file.text(), format);
      state.customOffers = parsed.offers;
      state.customFile = file.name;
      save(state);
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
  panel.querySelector('#reset-prices').addEventListener('click', () => {
    Object.assign(state, empty());
    save(state);
    for (const input of panel.querySelectorAll('input')) input.value = '';
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
