// The catalog page: loads the engine, keeps the form, the URL and the table in step.
import init, { catalogInfo, listOffers } from '../pkg/gpuplan.js';
import { preferredLanguage, setLanguage, language, t, translatePage } from './i18n.js';
import { bytes, count, daysSince } from './format.js';
import { clearErrors, fillSelect, readFilter, readUrl, showError, writeUrl } from './filter-form.js';
import { openDetail, renderOffers } from './offers-table.js';

const STALE_AFTER_DAYS = 180;
const $ = (selector) => document.querySelector(selector);

let info = null;

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
  fillSelect(form.elements.provider, info.providers.map((p) => ({ value: p.id, label: `${p.id} (${count(p.offerCount)})` })));
  const accelerators = info.accelerators.filter((a) => a.offerCount > 0);
  fillSelect(form.elements.accelerator, accelerators.map((a) => ({ value: a.key, label: `${a.key} — ${a.fullName}` })));
}

function refresh(form) {
  const filter = readFilter(form);
  writeUrl(form, language());
  clearErrors(form);
  const formError = $('#form-error');
  let list;
  try {
    list = listOffers({ ...filter, limit: 200 });
  } catch (error) {
    // Keep the user's text and the last good table; say what to fix, on the field.
    formError.textContent = showError(form, error) ? t('fixField') : error.message;
    formError.hidden = false;
    $('#offers').classList.add('stale');
    return;
  }
  formError.hidden = true;
  $('#offers').classList.remove('stale');
  $('#result-count').textContent = list.total > list.offers.length
    ? t('resultCountShown', { total: count(list.total), shown: list.offers.length })
    : t('resultCount', { total: count(list.total) });
  renderOffers($('#offers tbody'), list.offers, filter.priceKind ?? 'onDemand', (offer) => openDetail($('#offer-detail'), offer));
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
  showCatalogStatus();
  form.addEventListener('input', () => refresh(form));
  form.addEventListener('submit', (e) => e.preventDefault());
  for (const button of document.querySelectorAll('[data-lang]')) {
    button.addEventListener('click', () => {
      setLanguage(button.dataset.lang);
      translatePage();
      fillChoices(form);
      showCatalogStatus();
      refresh(form);
    });
  }
  refresh(form);
  document.body.dataset.ready = 'true';
}

main();
