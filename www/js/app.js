// The catalog page: loads the engine, keeps the form, the URL and the table in step.
import init, { catalogInfo, listModels, listOffers } from '../pkg/gpuplan.js';
import { preferredLanguage, setLanguage, language, t, translatePage } from './i18n.js';
import { bytes, count, daysSince } from './format.js';
import { clearErrors, fillSelect, readFilter, readUrl, showError, writeUrl } from './filter-form.js';
import { openDetail, renderOffers } from './offers-table.js';
import { forEngine, initUserPricesPanel, loadUserPrices, setOverride } from './user-prices.js';
import { renderRecommendation, runRecommend } from './recommend.js';
import { acceptConfigDrop, applyScenario, CUSTOM_MODEL, readRequest, renderEstimate, runEstimate } from './estimate.js';

const STALE_AFTER_DAYS = 180;
const $ = (selector) => document.querySelector(selector);

let info = null;
const userPrices = loadUserPrices();

function showCatalogStatus() {
  $('#catalog-status').textContent = t('catalogStatus', {
    offers: count(info.offerCount),
    providers: info.providerCount,
    oldest: info.oldestSnapshot ?? '?',
    newest: info.newestSnapshot ?? '?',
    size: bytes(info.embeddedBytes),
  });
  const age = info.oldestSnapshot ? daysSince(info.oldestSnapshot) : 0;
  const warning = $('#catalog-age-warning');
  warning.hidden = age <= STALE_AFTER_DAYS;
  warning.textContent = t('catalogOld', { days: age, date: info.oldestSnapshot });
}

function fillChoices(form) {
  const providers = info.providers.map((p) => ({ value: p.id, label: `${p.id} (${count(p.offerCount)})` }));
  const custom = new Set(userPrices.customOffers.map((o) => o.provider.trim().toLowerCase()));
  for (const id of custom) {
    if (!providers.some((p) => p.value === id)) providers.push({ value: id, label: id });
  }
  fillSelect(form.elements.provider, providers);
  const accelerators = info.accelerators.filter((a) => a.offerCount > 0);
  fillSelect(form.elements.accelerator, accelerators.map((a) => ({ value: a.key, label: `${a.key} — ${a.fullName}` })));
}

function refresh(form) {
  const filter = readFilter(form);
  writeUrl([form, $('#estimate-form'), $('#constraints-form')], language());
  clearErrors(form);
  clearErrors($('#user-prices'));
  const formError = $('#form-error');
  let list;
  try {
    list = listOffers({ ...filter, limit: 200, userPrices: forEngine(userPrices) });
  } catch (error) {
    // Keep the user's text and the last good table; say what to fix, on the field.
    const shown = showError(form, error) || showError($('#user-prices'), error);
    formError.textContent = shown ? t('fixField') : error.message;
    formError.hidden = false;
    $('#offers').classList.add('stale');
    return;
  }
  formError.hidden = true;
  $('#offers').classList.remove('stale');
  $('#result-count').textContent = list.total > list.offers.length
    ? t('resultCountShown', { total: count(list.total), shown: list.offers.length })
    : t('resultCount', { total: count(list.total) });
  renderOffers($('#offers tbody'), list.offers, filter.priceKind ?? 'onDemand', (offer) => showOffer(offer));
}

/** Recomputes the workload estimate; a bad field keeps its text and shows why. */
function refreshEstimate(offerForm) {
  const section = $('#estimate');
  const form = $('#estimate-form');
  clearErrors(section);
  writeUrl([offerForm, form, $('#constraints-form')], language());
  const errorLine = $('#estimate-error');
  let result;
  try {
    result = runEstimate(form);
  } catch (error) {
    errorLine.textContent = showError(section, error) ? t('fixField') : `${error.field}: ${error.message}`;
    errorLine.hidden = false;
    $('#estimate-result').classList.add('stale');
    return;
  }
  errorLine.hidden = true;
  $('#estimate-result').classList.remove('stale');
  const key = readRequest(form).accelerator;
  const capacity = info.accelerators.find((a) => a.key === key)?.memoryGib ?? null;
  renderEstimate(section, result, capacity);
  refreshRecommendation(offerForm);
}

/** Recomputes the ranking for the workload above and the constraints. */
function refreshRecommendation(offerForm) {
  const section = $('#recommend');
  clearErrors(section);
  writeUrl([offerForm, $('#estimate-form'), $('#constraints-form')], language());
  const errorLine = $('#recommend-error');
  let result;
  try {
    result = runRecommend($('#estimate-form'), $('#constraints-form'), forEngine(userPrices));
  } catch (error) {
    const shown = showError(section, error);
    errorLine.textContent = shown ? t('fixField') : `${error.field}: ${error.message}`;
    errorLine.hidden = false;
    section.classList.add('stale-results');
    return;
  }
  errorLine.hidden = true;
  section.classList.remove('stale-results');
  renderRecommendation(section, result);
}

function fillEstimateChoices() {
  const form = $('#estimate-form');
  const model = form.elements['w.model'];
  const chosen = model.value;
  model.replaceChildren(...listModels().map((m) => new Option(`${m.name} (${m.paramsB} B)`, m.id)), new Option(t('w.customModel'), CUSTOM_MODEL));
  if (chosen) model.value = chosen;
  const accelerators = info.accelerators
    .filter((a) => a.offerCount > 0 && a.confidence !== 'none')
    .map((a) => ({ value: a.key, label: `${a.key} — ${a.fullName}` }));
  for (const select of form.querySelectorAll('[data-accelerators]')) fillSelect(select, accelerators);
}

let openOffer = null;

function showOffer(offer) {
  openOffer = offer;
  const dialog = $('#offer-detail');
  $('#f-override').value = userPrices.overrides[offer.id]?.onDemand ?? '';
  $('[data-error-for="override"]').textContent = '';
  openDetail(dialog, offer, info.accelerators.find((a) => a.key === offer.accelerator));
}

/** Saves a per-offer price only if the engine accepts it; else says why beside the input. */
function saveOverride(form, raw) {
  const trial = structuredClone(userPrices);
  setOverride(trial, openOffer.id, raw);
  try {
    listOffers({ limit: 1, userPrices: forEngine(trial) });
  } catch (error) {
    $('[data-error-for="override"]').textContent = error.message;
    return;
  }
  setOverride(userPrices, openOffer.id, raw);
  $('#offer-detail').close();
  refresh(form);
}

async function main() {
  const params = new URLSearchParams(location.search);
  setLanguage(preferredLanguage(params));
  translatePage();
  const form = $('#offer-filter');
  readUrl(form, params);
  try {
    await init();
    info = catalogInfo();
  } catch (error) {
    $('#catalog-status').textContent = t('loadFailed', { message: error.message });
    return;
  }
  fillChoices(form);
  readUrl(form, params);
  fillEstimateChoices();
  const estimateForm = $('#estimate-form');
  if (!params.has('w.kind')) applyScenario(estimateForm, 'lora');
  readUrl(estimateForm, params);
  estimateForm.addEventListener('input', () => refreshEstimate(form));
  const constraintsForm = $('#constraints-form');
  readUrl(constraintsForm, params);
  constraintsForm.addEventListener('input', () => refreshRecommendation(form));
  constraintsForm.addEventListener('submit', (e) => e.preventDefault());
  acceptConfigDrop($('#w-hf'), () => refreshEstimate(form));
  estimateForm.addEventListener('submit', (e) => e.preventDefault());
  for (const button of document.querySelectorAll('[data-scenario]')) {
    button.addEventListener('click', () => {
      applyScenario(estimateForm, button.dataset.scenario);
      refreshEstimate(form);
    });
  }
  showCatalogStatus();
  const onPricesChange = () => {
    fillChoices(form);
    refresh(form);
    refreshRecommendation(form);
  };
  form.addEventListener('input', () => refresh(form));
  form.addEventListener('submit', (e) => e.preventDefault());
  initUserPricesPanel($('#user-prices'), userPrices, info.providers.map((p) => p.id), onPricesChange);
  $('#f-rate-cny').placeholder = String(info.exchangeRates.find((r) => r.currency === 'CNY')?.unitsPerUsd ?? '');
  $('#override-form').addEventListener('submit', (e) => {
    e.preventDefault();
    saveOverride(form, $('#f-override').value);
  });
  $('#override-clear').addEventListener('click', () => saveOverride(form, ''));
  for (const button of document.querySelectorAll('[data-lang]')) {
    button.addEventListener('click', () => {
      setLanguage(button.dataset.lang);
      translatePage();
      fillChoices(form);
      showCatalogStatus();
      refresh(form);
      refreshEstimate(form);
    });
  }
  refresh(form);
  refreshEstimate(form);
  document.body.dataset.ready = 'true';
}

main();
