// The catalog page: loads the engine, keeps the form, the URL and the table in step.
import {
  catalogInfo, catalogInfoForForms, listModels, listOffers, onRestart, prepare, start, useAnswers, usePrices, version, warmUp,
} from './engine.js';
// Built by `./build.sh build` (src/bin/first-answers.rs): the engine's answers to this page's first calls.
import firstAnswers from '../pkg/first-answers.js';
import { describe, hasText, preferredLanguage, setLanguage, language, t, translatePage } from './i18n.js';
import { bytes, count, currency, daysSince, plain, rate, setCurrency } from './format.js';
import { clearErrors, fillSelect, linkErrors, readFilter, showError } from './filter-form.js';
import { renderFields, setValues, valuesOf } from './fields.js';
import { openDetail, renderOffers } from './offers-table.js';
import {
  attachReset, forEngine, initUserPricesPanel, loadUserPrices, repairUserPrices, setOverride,
} from './user-prices.js';
import { comparedValue, renderRecommendation, runRecommend, setCompared, shownCandidate, shownCandidates } from './recommend.js';
import { candidatesCsv, candidatesJson, download } from './export.js';
import { acceptConfigDrop, applyValues, CUSTOM_MODEL, readRequest, renderEstimate, runEstimate, showDeadlineLayout } from './estimate.js';
import { decodeScenario, DEFAULT_PRESET, encodeScenario, packScenario, PRESETS, servePhases, unpackScenario } from './scenario.js';
import { openIfSet, renderCandidateCost } from './plans.js';
import { initTco } from './tco.js';
import { showBestAnswer } from './best.js';
import { explainTerms, setOwnTitle } from './terms.js';
import { afterNextFrame, whenIdle } from './frames.js';
import { takeOver } from './take-over.js';

const STALE_AFTER_DAYS = 180;
const $ = (selector) => document.querySelector(selector);

let info = null;
const userPrices = loadUserPrices();
useAnswers(firstAnswers);

function showCatalogStatus() {
  $('#catalog-status').textContent = t('catalogStatus', {
    offers: count(info.offerCount),
    providers: info.providerCount,
    oldest: info.oldestSnapshot ?? '?',
    newest: info.newestSnapshot ?? '?',
    size: bytes(info.embeddedBytes),
  });
  const age = info.oldestSnapshot ? daysSince(info.oldestSnapshot) : 0;
  // Every offer counts: stale prices and offers whose source has no date at all.
  const stale = info.staleOfferCount ?? 0;
  const undated = info.undatedOfferCount ?? 0;
  const warning = $('#catalog-age-warning');
  warning.hidden = age <= STALE_AFTER_DAYS && stale === 0 && undated === 0;
  warning.textContent = t('catalogAgeCounts', {
    stale: count(stale), undated: count(undated), offers: count(info.offerCount),
    staleDays: info.staleAfterDays ?? STALE_AFTER_DAYS, days: age, date: info.oldestSnapshot ?? '?',
  });
}

const SCENARIO_KEY = 'gpuplan.scenario.v1';
/** Panels whose open state is part of the scenario (`open=advanced,why-not`). */
const PANELS = ['advanced', 'why-not', 'user-prices'];

/** Everything that defines the view, as scenario values. */
function currentValues() {
  const compare = comparedValue();
  const open = PANELS.filter((id) => document.getElementById(id)?.open).join(',');
  return {
    ...valuesOf($('#estimate-form')), ...valuesOf($('#constraints-form')), ...valuesOf($('#offer-filter')),
    ...(compare ? { compare } : {}),
    ...(open ? { open } : {}),
  };
}

let scenarioWrites = 0;
let scenarioDue = false;
let scenarioTimer = 0;
/** Quiet time after the last change before the view is written, ms. */
const SCENARIO_QUIET_MS = 500;

/**
 * The view goes to the URL (a link reproduces it) and to local storage (a reload or a new tab
 * keeps it) once changes pause for half a second, when the page is next idle: Chromium's
 * same-document URL change costs 2–6 ms of the main thread on this page (CPU profiles,
 * docs/PERFORMANCE.md), and written after every keystroke it took that time between the keys of
 * a burst; now a burst of typing writes its last view once. Sharing and leaving the page write
 * what is due at once.
 */
function saveScenario() {
  scenarioDue = true;
  clearTimeout(scenarioTimer);
  scenarioTimer = setTimeout(() => whenIdle(() => { if (scenarioDue) writeScenario(); }), SCENARIO_QUIET_MS);
}

/** Writes the view now; resolves once the address bar holds it (a long one is packed first). */
function writeScenario() {
  scenarioDue = false;
  const values = currentValues();
  const query = encodeScenario(values, language() === 'en' ? {} : { lang: language() });
  try {
    localStorage.setItem(SCENARIO_KEY, encodeScenario(values));
  } catch { /* storage unavailable: the URL still holds the scenario */ }
  showEmbedCode();
  // Long scenarios are packed (`v=2&z=…`), asynchronously: only the latest is written.
  const written = ++scenarioWrites;
  return packScenario(query).then((link) => {
    if (written === scenarioWrites) history.replaceState(null, '', `?${link}`);
  }, () => history.replaceState(null, '', `?${query}`));
}
addEventListener('pagehide', () => { if (scenarioDue) writeScenario(); });

/**
 * The scenario's link (the address bar holds it, written by `saveScenario`
 * through the link code of scenario.js): the system's share sheet where the
 * browser has one, else copied to the clipboard, else shown to copy by hand.
 */
async function shareScenario() {
  await writeScenario();
  const url = location.href;
  const status = $('#share-status');
  status.textContent = '';
  if (navigator.share && !/^file:/.test(location.protocol)) {
    try {
      await navigator.share({ title: document.title, url });
      return;
    } catch (error) {
      if (error?.name === 'AbortError') return; // the reader closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    status.textContent = t('share.copied');
  } catch {
    status.textContent = t('share.manual', { url });
  }
}

/** The snippet that embeds the current scenario elsewhere (docs/EMBED.md). */
function showEmbedCode() {
  const panel = $('#embed');
  if (!panel.open) return;
  const widget = new URL('widget.js', location.href).href;
  // The workload and constraints only: the offer list below is not part of the widget.
  const values = { ...valuesOf($('#estimate-form')), ...valuesOf($('#constraints-form')) };
  const query = encodeScenario(values, language() === 'en' ? {} : { lang: language() });
  const attribute = query.replaceAll('&', '&amp;');
  // The widget reads its language from its own `lang` attribute, not from the scenario.
  const lang = language() === 'en' ? '' : ` lang="${language()}"`;
  $('#embed-code').value = `<script type="module" src="${widget}"><\/script>\n<gpu-plan${lang} scenario="${attribute}"></gpu-plan>`;
}

function storedScenario() {
  try {
    return decodeScenario(localStorage.getItem(SCENARIO_KEY) ?? '');
  } catch {
    return { status: 'none', values: {} };
  }
}

/**
 * The scenario to open with: the link's when it is a valid `v=1` link, else
 * the last one used here, else the default example. A link from an older
 * version or a malformed one is announced, never half-applied.
 */
async function initialScenario() {
  const fromUrl = decodeScenario(await unpackScenario(location.search.replace(/^\?/, '')));
  const notice = $('#link-notice');
  notice.hidden = fromUrl.status !== 'old' && fromUrl.status !== 'bad';
  notice.textContent = notice.hidden ? '' : t(`link.${fromUrl.status}`);
  if (fromUrl.status === 'ok') {
    linkValues = fromUrl.values;
    return fromUrl.values;
  }
  const stored = storedScenario();
  const values = stored.status === 'ok' ? stored.values : { ...PRESETS[DEFAULT_PRESET] };
  // A plain filter link (`?provider=azure&text=…`) sets the whole offer list filter.
  const filter = [...new URLSearchParams(location.search)].filter(([name]) => /^[a-zA-Z]+$/.test(name) && !['v', 'lang', 'z'].includes(name));
  if (!filter.length) return values;
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => name.includes('.')));
  return { ...kept, ...Object.fromEntries(filter) };
}

/** The values the page was opened with from a link (not from storage), to check they were all applied. */
let linkValues = null;
/** Link values that are not fields of the form (or are read elsewhere). */
const NOT_FIELDS = new Set(['compare', 'open', 'lang']);

/**
 * A link is never half-applied silently: every value of it that no visible
 * field now holds (an unknown model, a kind that does not exist, a field of
 * another workload, a name the page does not know) is named in the link
 * notice and next to its field, in the page's language.
 */
function announceUnapplied(roots) {
  if (!linkValues) return;
  const missed = [];
  for (const [name, wanted] of Object.entries(linkValues)) {
    if (NOT_FIELDS.has(name)) continue;
    const el = roots.map((root) => root.elements?.namedItem(name)).find((x) => x && x.name === name);
    let applied = false;
    if (el && !el.closest('[hidden]')) {
      applied = el.type === 'checkbox' ? el.checked === (wanted === '1') : el.value.trim() === wanted.trim();
    }
    if (applied) continue;
    missed.push(`${name}=${wanted.length > 60 ? `${wanted.slice(0, 60)}…` : wanted}`);
    if (el && !el.closest('[hidden]')) {
      const note = document.createElement('small');
      note.className = 'link-unapplied';
      note.dataset.linkNote = '';
      note.textContent = t('link.unappliedField', { value: missed.at(-1) });
      el.setAttribute('aria-describedby', [el.getAttribute('aria-describedby'), `${el.id}-link-note`].filter(Boolean).join(' '));
      note.id = `${el.id}-link-note`;
      el.insertAdjacentElement('afterend', note);
      // The note goes with the first change the user makes to the field.
      el.addEventListener('input', () => note.remove(), { once: true });
    }
  }
  if (!missed.length) return;
  const notice = $('#link-notice');
  notice.hidden = false;
  notice.dataset.unapplied = String(missed.length);
  notice.textContent = t('link.unapplied', { count: missed.length, values: missed.join(', ') });
}

/** The first example of a workload kind, so switching kind never keeps another workload's settings. */
function valuesForKind(kind) {
  return Object.values(PRESETS).find((p) => p['w.kind'] === kind) ?? { 'w.kind': kind };
}

/** An error no field on the page names: the engine's path (when it gives one) and the message. */
function fieldless(error) {
  return error.field ? `${error.field}: ${describe(error)}` : describe(error);
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
  saveScenario();
  clearErrors(form);
  clearErrors($('#user-prices'));
  const formError = $('#form-error');
  let list;
  try {
    // The user's prices are the engine's planner's (`usePrices`), not sent with each call.
    list = listOffers({ ...filter, limit: 200 });
  } catch (error) {
    // Keep the user's text and the last good table; say what to fix, on the field.
    const shown = showError(form, error) || showError($('#user-prices'), error);
    formError.textContent = shown ? t('fixField') : describe(error);
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

/**
 * The currency chosen in the constraints form, at the user's rate (Your
 * prices) or the cited default of `catalogInfo().displayRates`, and the line
 * under the form that says which rate, from where and of when. A currency with
 * no rate leaves every figure in USD and says so: a rate is never guessed.
 */
let shownRate = null;
function applyCurrency() {
  shownRate = null;
  const code = $('#constraints-form').elements['c.currency']?.value || 'USD';
  const line = $('#currency-rate');
  const mine = Number(userPrices.exchangeRates[code]);
  const cited = (info.displayRates ?? info.exchangeRates ?? []).find((r) => r.currency === code);
  if (code === 'USD') {
    setCurrency('USD', 1);
    line.textContent = t('cur.base');
  } else if (Number.isFinite(mine) && mine > 0) {
    setCurrency(code, mine);
    shownRate = { date: null, source: 'userPrices.exchangeRates' };
    line.textContent = t('cur.yourRate', { rate: rate(mine), code });
  } else if (cited) {
    setCurrency(code, cited.unitsPerUsd);
    shownRate = cited;
    const source = hasText('en', `cur.source.${code}`) ? t(`cur.source.${code}`) : cited.source;
    line.textContent = t('cur.rate', { rate: rate(cited.unitsPerUsd), code, source, date: cited.date });
  } else {
    setCurrency('USD', 1);
    line.textContent = t('cur.noRate', { code });
  }
  // The cited rate's source as the line's own tooltip (terms.js keeps the words of the terms it names after it).
  setOwnTitle(line, shownRate === cited ? cited?.source : null);
  document.documentElement.dataset.currency = currency().code;
}

/** Every figure again, in the currency now chosen. */
function redrawFigures(form) {
  applyCurrency();
  refresh(form);
  refreshRecommendation(form);
  buyRent?.refresh();
}

/** Recomputes the workload estimate; a bad field keeps its text and shows why. */
function refreshEstimate(offerForm) {
  const section = $('#estimate');
  const form = $('#estimate-form');
  clearErrors(section);
  saveScenario();
  const errorLine = $('#estimate-error');
  let result;
  try {
    result = runEstimate(form);
  } catch (error) {
    errorLine.textContent = showError(section, error) ? t('fixField') : fieldless(error);
    errorLine.hidden = false;
    $('#estimate-result').classList.add('stale');
    showBestAnswer($('#best-answer'), null);
    return;
  }
  errorLine.hidden = true;
  $('#estimate-result').classList.remove('stale');
  const key = readRequest(form).accelerator;
  const capacity = info.accelerators.find((a) => a.key === key)?.memoryGib ?? null;
  renderEstimate($('#estimate-details'), result, capacity);
  refreshRecommendation(offerForm);
}

/** Recomputes the ranking for the workload above and the constraints. */
function refreshRecommendation(offerForm) {
  const section = $('#recommend');
  clearErrors(section);
  saveScenario();
  const errorLine = $('#recommend-error');
  let result;
  let estimateRequest;
  try {
    // Read once: the request's workload, the estimate panel's accelerator (its deadline layout) and the phases.
    const estimateValues = valuesOf($('#estimate-form'));
    estimateRequest = readRequest($('#estimate-form'), estimateValues);
    const phases = servePhases(estimateValues, estimateRequest.workload);
    result = runRecommend(estimateRequest, $('#constraints-form'), phases);
  } catch (error) {
    const shown = showError(section, error);
    errorLine.textContent = shown ? t('fixField') : fieldless(error);
    errorLine.hidden = false;
    section.classList.add('stale-results');
    showBestAnswer($('#best-answer'), null);
    return;
  }
  errorLine.hidden = true;
  section.classList.remove('stale-results');
  renderRecommendation(section, result, (offer) => showOffer(offer), saveScenario);
  showDeadlineLayout($('#estimate-details'), result.deadline, estimateRequest.accelerator);
  showBestAnswer($('#best-answer'), result);
  buyRent?.startFrom(result.buyVsRent);
}

function fillEstimateChoices() {
  const form = $('#estimate-form');
  const model = form.elements['w.model'];
  const chosen = model.value;
  // The size only where the name lacks it: "Meta Llama 3.1 70B (70 B)" was cut off in the drop-down.
  const label = (m) => (/\d\s*B\b/i.test(m.name) ? m.name : `${m.name} (${plain(m.paramsB)} B)`);
  model.replaceChildren(...listModels().map((m) => new Option(label(m), m.id)), new Option(t('w.customModel'), CUSTOM_MODEL));
  if (chosen) model.value = chosen;
  const accelerators = info.accelerators
    .filter((a) => a.offerCount > 0 && a.confidence !== 'none')
    .map((a) => ({ value: a.key, label: `${a.key} — ${a.fullName}` }));
  for (const select of form.querySelectorAll('[data-accelerators]')) fillSelect(select, accelerators);
}

let openOffer = null;
let buyRent = null;

function showOffer(offer) {
  openOffer = offer;
  const dialog = $('#offer-detail');
  $('#f-override').value = userPrices.overrides[offer.id]?.onDemand ?? '';
  $('[data-error-for="override"]').textContent = '';
  openDetail(dialog, offer, info.accelerators.find((a) => a.key === offer.accelerator));
  const useOffer = (id) => { dialog.close(); buyRent.useOffer(id); };
  const candidate = shownCandidate(offer.id);
  renderCandidateCost($('#detail-cost'), candidate ?? null, useOffer);
  // A candidate known only as its row while the module loads: its plans follow once it runs.
  if (candidate === undefined) {
    start().then(() => {
      if (openOffer === offer && dialog.open) renderCandidateCost($('#detail-cost'), shownCandidate(offer.id) ?? null, useOffer);
    }, () => {});
  }
}

/** Saves a per-offer price only if the engine accepts it; else says why beside the input. */
function saveOverride(form, raw) {
  const trial = structuredClone(userPrices);
  setOverride(trial, openOffer.id, raw);
  try {
    listOffers({ limit: 1, userPrices: forEngine(trial) });
  } catch (error) {
    $('[data-error-for="override"]').textContent = describe(error);
    return;
  }
  setOverride(userPrices, openOffer.id, raw);
  $('#offer-detail').close();
  pricesChanged(form);
}

/**
 * The user's prices changed (a discount, a rate, an offer's price, a file,
 * a reset): the engine's planner is rebuilt with them once, then every view
 * recomputes. Keystrokes in the other forms reuse that planner.
 */
function pricesChanged(form) {
  usePrices(forEngine(userPrices));
  fillChoices(form);
  applyCurrency();
  refresh(form);
  refreshRecommendation(form);
  buyRent?.refresh();
}

/**
 * Recomputes at most once a frame. An input after a quiet spell runs at once,
 * so its answer is in the DOM before the frame paints. An input that arrives
 * before two frames have passed without one (typing faster than the page
 * computes: each key queued behind the last recompute and delivered after
 * it, possibly after the frame that follows it) waits, and every input until
 * then is merged (by kind of work) into one run, started after the inputs
 * already waiting: a burst costs a recompute per frame the computing allows,
 * not one per key, and the last key's answer follows it within about two
 * recomputes (tests/e2e/keystrokes.test.mjs). Counted in frames, not in
 * milliseconds, so it holds however slow the machine is.
 */
const queued = new Map();
let frameTaken = false;
let quietFrames = 0;
function run(tasks) {
  quietFrames = 0;
  for (const task of tasks) task();
}
function nextFrame() {
  if (!queued.size) {
    // One frame without input is not yet quiet: keys queued behind the last run may come after it.
    quietFrames += 1;
    if (quietFrames >= 2) frameTaken = false;
    else requestAnimationFrame(nextFrame);
    return;
  }
  // Behind the inputs already waiting (each its own task): they merge into this run.
  setTimeout(() => {
    const tasks = [...queued.values()];
    queued.clear();
    requestAnimationFrame(nextFrame);
    run(tasks);
  }, 0);
}
function recompute(kind, task) {
  if (frameTaken) {
    queued.set(kind, task);
    return;
  }
  frameTaken = true;
  requestAnimationFrame(nextFrame);
  run([task]);
}

/**
 * A newer build installed beside the running one (its `sw.js?v=` differs):
 * the footer says so and offers a reload. Not on the first install, which
 * is this very build.
 */
function watchForUpdates(registration) {
  const show = () => {
    if (!navigator.serviceWorker.controller) return;
    $('#update-notice').hidden = false;
  };
  if (registration.waiting) show();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => { if (worker.state === 'installed') show(); });
  });
  // Reload once the new build's worker controls the page. A reload started
  // during the hand-over goes to the old worker while the new one waits for it
  // to go idle, or waits for the new one's activation; so the button waits for
  // `controllerchange` (the new worker's `clients.claim` sends it) and reloads
  // after 3 s whatever happens.
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };
  $('#update-reload').addEventListener('click', () => {
    const current = registration.active;
    const handedOver = !registration.waiting && !registration.installing && current?.state === 'activated'
      && navigator.serviceWorker.controller?.scriptURL === current.scriptURL;
    if (handedOver) {
      reload();
      return;
    }
    navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
    setTimeout(reload, 3000);
  });
}

/** The page's version and its catalog's newest price date, in the footer. */
function showVersion() {
  const { version: engine } = version();
  $('#version').textContent = t('versionLine', { version: engine, date: info.newestSnapshot ?? '?' });
}

/** Offline use after one visit; only where service workers exist (http, https, not the single file). */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol) || globalThis.gpuplanEmbedded) return;
  navigator.serviceWorker.register(`sw.js?v=${encodeURIComponent(version().version)}`).then(watchForUpdates).catch(() => {
    // Without a service worker the page still works online.
  });
}

/**
 * A first visit with the default example and no prices of one's own: the
 * build answered exactly these calls (engine.js), so the page shows them
 * without waiting for the module.
 */
function answeredAtBuild(values) {
  const example = PRESETS[DEFAULT_PRESET];
  const same = Object.keys(values).length === Object.keys(example).length
    && Object.entries(example).every(([k, v]) => String(values[k]) === String(v));
  const prices = forEngine(userPrices);
  const none = (x) => x == null || (Array.isArray(x) ? x.length === 0 : Object.keys(x).length === 0);
  return same && Object.values(prices).every(none);
}

async function main() {
  // The module compiles while the page takes over and draws its forms.
  prepare();
  // The build-time drawing of the first result (tools/prerender.mjs) gives way to the page.
  await takeOver();
  // The forms come from the field table (www/js/fields.js), drawn before the engine loads.
  renderFields();
  document.body.dataset.drawn = 'true';
  const params = new URLSearchParams(location.search);
  setLanguage(preferredLanguage(params));
  translatePage();
  const form = $('#offer-filter');
  const values = await initialScenario();
  // Reset first: whatever throws later, saved prices can always be removed
  // (a page that never finished loading starts again without them).
  attachReset($('#user-prices'), userPrices, () => { if (!info) location.reload(); });
  try {
    // Saved prices are checked by the engine itself before the page uses them
    // (the build-time answers hold none): what it refuses is dropped with a notice.
    const { discounts, overrides, exchangeRates, customOffers } = userPrices;
    if ([discounts, overrides, exchangeRates, customOffers].some((part) => Object.keys(part).length)) {
      await start();
      repairUserPrices(userPrices);
    }
    usePrices(forEngine(userPrices));
    await start({ answered: answeredAtBuild(values) });
    info = catalogInfoForForms();
  } catch (error) {
    $('#catalog-status').textContent = t('loadFailed', { message: error.message });
    explainTerms();
    return;
  }
  fillChoices(form);
  fillEstimateChoices();
  const estimateForm = $('#estimate-form');
  const constraintsForm = $('#constraints-form');
  applyValues(estimateForm, values);
  setValues(constraintsForm, values);
  openIfSet($('#pricing-more'));
  setValues(form, values);
  setCompared(values.compare);
  announceUnapplied([estimateForm, constraintsForm, form]);
  const open = String(values.open ?? '').split(',');
  for (const id of PANELS) {
    const panel = document.getElementById(id);
    if (open.includes(id)) panel.open = true;
    panel.addEventListener('toggle', saveScenario);
  }
  // Each workload kind keeps its own settings while the user switches between them.
  const byKind = {};
  let kind = estimateForm.elements['w.kind'].value;
  estimateForm.addEventListener('input', (event) => {
    if (event.target.name === 'w.kind' && event.target.value !== kind) {
      const next = event.target.value;
      // Read the old workload's fields as they were shown, then show the new one's.
      event.target.value = kind;
      byKind[kind] = valuesOf(estimateForm);
      kind = next;
      applyValues(estimateForm, byKind[kind] ?? valuesForKind(kind));
    }
    recompute('estimate', () => refreshEstimate(form));
  });
  constraintsForm.addEventListener('input', (event) => {
    if (event.target.name === 'c.currency') redrawFigures(form);
    else recompute('recommend', () => refreshRecommendation(form));
  });
  constraintsForm.addEventListener('submit', (e) => e.preventDefault());
  acceptConfigDrop($('#w-hf'));
  estimateForm.addEventListener('submit', (e) => e.preventDefault());
  for (const button of document.querySelectorAll('[data-scenario]')) {
    button.addEventListener('click', () => {
      applyValues(estimateForm, PRESETS[button.dataset.scenario]);
      kind = estimateForm.elements['w.kind'].value;
      refreshEstimate(form);
    });
  }
  showCatalogStatus();
  applyCurrency();
  const onPricesChange = () => pricesChanged(form);
  form.addEventListener('input', () => recompute('offers', () => refresh(form)));
  form.addEventListener('submit', (e) => e.preventDefault());
  initUserPricesPanel($('#user-prices'), userPrices, info.providers.map((p) => p.id), onPricesChange);
  for (const input of document.querySelectorAll('[data-user-field^="userPrices.exchangeRates."]')) {
    const code = input.dataset.userField.split('.').pop();
    input.placeholder = String((info.displayRates ?? info.exchangeRates).find((r) => r.currency === code)?.unitsPerUsd ?? '');
  }
  $('#override-form').addEventListener('submit', (e) => {
    e.preventDefault();
    saveOverride(form, $('#f-override').value);
  });
  $('#override-clear').addEventListener('click', () => saveOverride(form, ''));
  for (const button of document.querySelectorAll('[data-lang]')) {
    button.addEventListener('click', () => {
      setLanguage(button.dataset.lang);
      translatePage();
      explainTerms();
      fillChoices(form);
      showCatalogStatus();
      if ($('#version').textContent) showVersion();
      applyCurrency();
      refresh(form);
      refreshEstimate(form);
      buyRent.refresh();
    });
  }
  // After a trap the engine restarts; recompute everything once from the forms as they are.
  onRestart(() => {
    refresh(form);
    refreshEstimate(form);
  });
  linkErrors(document);
  buyRent = initTco($('#tco-form'), $('#tco-result'));
  $('#embed').addEventListener('toggle', showEmbedCode);
  // A byte-order mark, so a spreadsheet opens the Chinese page's export as UTF-8.
  $('#export-csv').addEventListener('click', () => download('gpuplan-servers.csv', `\uFEFF${candidatesCsv(shownCandidates())}`, 'text/csv;charset=utf-8'));
  $('#export-json').addEventListener('click', () => download('gpuplan-servers.json',
    candidatesJson(shownCandidates(), encodeScenario(currentValues()), shownRate), 'application/json'));
  $('#share').addEventListener('click', () => shareScenario());
  $('#embed-copy').addEventListener('click', async () => {
    $('#embed-code').select();
    try {
      await navigator.clipboard.writeText($('#embed-code').value);
      $('#embed-copied').textContent = t('embed.copied');
    } catch { /* no clipboard permission: the text is selected for Ctrl+C */ }
  });
  // The priced result first; the offer list below it waits for the engine (and so for the frame after the result).
  refreshEstimate(form);
  // The terms' tooltips and descriptions come after the first result's frame (a walk
  // of every element of the page, which ran twice before it: docs/PERFORMANCE.md),
  // and after the error slots: a term's description joins its control's error id.
  // Queued behind the tasks that the frame's own callbacks post, so those run first.
  afterNextFrame().then(() => setTimeout(explainTerms, 0));
  try {
    await start();
  } catch (error) {
    $('#catalog-status').textContent = t('loadFailed', { message: error.message });
    return;
  }
  // The first result's frame is painted before the engine's first calls (tens
  // of milliseconds each, the browser compiling their functions).
  await afterNextFrame();
  // The build-time catalogInfo counted price ages on the build's clock; the
  // module counts them on the reader's.
  info = catalogInfo();
  showCatalogStatus();
  // `version()` is the module's own answer: shown once it runs.
  showVersion();
  refresh(form);
  warmUp();
  registerServiceWorker();
  document.body.dataset.ready = 'true';
}

main();
