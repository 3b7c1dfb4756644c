// The one door to the WebAssembly engine. Every other module calls the engine
// through here, so a trapped module (a `WebAssembly.RuntimeError`: its memory
// and state are then undefined) is replaced by a fresh instance and the page
// recomputes once with the user's input untouched.
//
// The single-file build sets `globalThis.gpuplanEmbedded = { glue, wasm, answers }`
// before this module runs: `glue()` returns a fresh copy of the wasm-bindgen
// glue, `wasm()` a Response streaming the module's bytes, `answers` the
// build-time answers.
//
// Build-time answers (pkg/first-answers.js, src/bin/first-answers.rs): the
// native engine's answers to the calls the page makes on a first visit with
// the default example. A call with the same arguments is answered from them,
// so the first priced result needs neither the module's download nor its
// compilation; every other call goes to the engine.
//
// The page's planner: the priced calls (catalogInfo, listOffers, estimate,
// recommend, whyNot, tco) go to one `Planner` built with the user's prices,
// so the prices are checked and applied once when they change (`usePrices`)
// instead of on every keystroke. A call's own `userPrices` (the page's trial
// checks of prices not yet kept) still replaces the planner's for that call.

const embedded = globalThis.gpuplanEmbedded ?? null;

let glue = null; // the live glue module (its exports call into one instance)
let wasmExports = null;
let compiled = null; // a WebAssembly.Module, compiled once and instantiated per restart
let compiling = null; // the compilation `prepare()` started before the page asked for the engine
let instances = 0;
let state = 'idle'; // idle | ready | restarting | dead
let restarting = null;
let retrying = false;
let listeners = [];
let answers = null; // [{ name, args, answer, used }]
let pricedOn = null; // the build's day (yyyy-mm-dd, UTC) the build-time answers counted price ages on
let missedWhileLoading = false;
let hits = 0;
const timings = {}; // page-clock ms: engine ready
let prices = null; // the user's prices the planner is built with (engine form), null for none
let planner = null; // the live instance's Planner, built on the first priced call after a change
let plannerError = null; // what building it with `prices` threw (a field-named error), until they change
let plannerBuilds = 0;
const misses = [];

/**
 * The build-time answers, `{ version, answers: [{ call, args, answer }] }`
 * (pkg/first-answers.js, a module the page's script imports, so they are there
 * before its first line runs).
 */
export function useAnswers(file) {
  if (!Array.isArray(file?.answers)) return;
  answers = file.answers.map((a) => ({ name: a.call, answer: a.answer, args: a.args, used: false }));
  pricedOn = typeof file.pricedOn === 'string' ? file.pricedOn : null;
}
if (embedded?.answers) useAnswers(embedded.answers);

/**
 * Deep equality of a call's arguments with the build's (JSON: an object's undefined fields
 * absent, an array's undefined items null; key order ignored), stopping at the first
 * difference: a keystroke's request differs from the build's within a few fields, where
 * writing out a sorted key of every request took 0.8 ms a call (docs/PERFORMANCE.md, round 21).
 */
function same(a, b) {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x ?? null, b[i] ?? null));
  }
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = (o) => Object.keys(o).filter((k) => o[k] !== undefined);
  const own = keys(a);
  return own.length === keys(b).length && own.every((k) => b[k] !== undefined && same(a[k], b[k]));
}

/** A build-time answer for this call, or undefined. The first use hands out the object itself, later ones a copy. */
function answered(name, args) {
  // The build answered with no prices of the user's own.
  if (prices || !answers) return undefined;
  const hit = answers.find((entry) => entry.name === name && same(entry.args, args));
  if (!hit) return undefined;
  hits += 1;
  if (hit.used) return structuredClone(hit.answer);
  hit.used = true;
  return hit.answer;
}

let imported = null; // the glue module, imported once

async function freshGlue() {
  if (embedded) return embedded.glue();
  // One module record for the page's life: after a trap the glue forgets its
  // instance (an export tools/glue-reset.mjs adds) and instantiates afresh, so
  // the dead instance and its memory can be collected. Importing the glue again
  // under a new URL would keep every dead instance alive.
  imported ??= await import(new URL('../pkg/gpuplan.js', import.meta.url).href);
  if (typeof imported.__gpuplanForget === 'function') {
    imported.__gpuplanForget();
    return imported;
  }
  // A glue built without that step: a new module record (which leaks) is the only way.
  return import(new URL(`../pkg/gpuplan.js?instance=${instances}`, import.meta.url).href);
}

async function compile() {
  // Compiled while the bytes stream in (decompressed on the way, in the single file).
  if (embedded) return WebAssembly.compileStreaming(embedded.wasm());
  const url = new URL('../pkg/gpuplan_bg.wasm', import.meta.url);
  // Preloaded from the page's head: this takes over the download in flight.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  // compileStreaming needs the application/wasm type; fall back to bytes otherwise.
  return response.headers.get('content-type')?.startsWith('application/wasm')
    ? WebAssembly.compileStreaming(response)
    : WebAssembly.compile(await response.arrayBuffer());
}

async function instantiate() {
  // Let go of the dead instance before the next one is made. Its planner
  // lives in its memory: the next instance builds its own.
  wasmExports = null;
  glue = null;
  planner = null;
  plannerError = null;
  // The glue and the module at the same time: neither waits for the other's download.
  const started = compiling;
  compiling = null;
  const [module, next] = await Promise.all([compiled ?? started ?? compile(), freshGlue()]);
  compiled = module;
  wasmExports = await next.default({ module_or_path: compiled });
  instances += 1;
  glue = next;
  state = 'ready';
  timings.engineMs ??= performance.now();
}

/**
 * Starts compiling the module now, while the page draws its forms: a scenario
 * the build did not answer (a shared link) then finds it compiled, instead of
 * compiling only when the page asks for the engine. `start()` takes it over;
 * a failure is its to report.
 */
export function prepare() {
  if (compiled || compiling || state !== 'idle') return;
  compiling = compile();
  compiling.catch(() => { /* reported by start(), which awaits it */ });
}

/**
 * Loads the engine once; later calls resolve at once. With `answered`, resolves
 * as soon as the build-time answers are there (the engine keeps loading): calls
 * they answer return at once, others throw `engine-loading` until the engine is
 * ready, and then the `onRestart` listeners run so the page recomputes them.
 */
export async function start({ answered: fromBuild = false } = {}) {
  if (state === 'ready') return;
  if (!restarting) {
    restarting = instantiate()
      .then(() => {
        if (!missedWhileLoading) return;
        missedWhileLoading = false;
        for (const listener of listeners) listener();
      })
      .finally(() => { restarting = null; });
  }
  if (fromBuild && answers) return;
  await restarting;
}

/**
 * `listener` is called after a restart, so the page can recompute what the
 * trap interrupted; `first` puts it before the others (tests use it to break
 * the fresh instance before the page's retry).
 */
export function onRestart(listener, first = false) {
  listeners = first ? [listener, ...listeners] : [...listeners, listener];
  return () => { listeners = listeners.filter((l) => l !== listener); };
}

/** True for errors that mean the instance is unusable (not a validation error). */
export function isTrap(error) {
  return error instanceof WebAssembly.RuntimeError
    || (error instanceof Error && !('field' in error) && /unreachable|out of bounds|call stack/i.test(error.message));
}

/** An error the page shows in the user's language: `code` is `engine-restarting` or `engine-failed`. */
function engineError(code, cause) {
  const error = new Error(cause?.message ?? code);
  error.code = code;
  error.field = null;
  error.cause = cause;
  return error;
}

function restartAfterTrap(cause) {
  state = 'restarting';
  restarting = instantiate()
    .then(() => {
      // Retry once: listeners recompute; a second trap during the retry is final.
      retrying = true;
      try {
        for (const listener of listeners) listener();
      } finally {
        retrying = false;
      }
    }, () => { state = 'dead'; })
    .finally(() => { restarting = null; });
  return engineError('engine-restarting', cause);
}

/** Answers that depend on the reader's clock (price ages): a build-time copy only stands in while the module loads. */
const CLOCK_DEPENDENT = new Set(['catalogInfo']);
/** Answers whose `stale` flags are judged on the day: a build-time copy made on another day only stands in while loading. */
const DAY_DEPENDENT = new Set(['listOffers', 'recommend', 'recommendRows', 'whyNot']);

function fromBuildOnceReady(name) {
  if (CLOCK_DEPENDENT.has(name)) return false;
  return !DAY_DEPENDENT.has(name) || pricedOn === new Date().toISOString().slice(0, 10);
}

const none = (part) => part == null || (typeof part === 'object' && Object.keys(part).length === 0);

/**
 * The user's prices (`{ discounts, overrides, exchangeRates, customOffers }`)
 * every priced call is answered with from now on. The planner is rebuilt (the
 * old one freed) only when they differ from the ones it holds; returns whether
 * they did.
 */
export function usePrices(userPrices) {
  const next = userPrices && !Object.values(userPrices).every(none) ? structuredClone(userPrices) : null;
  // Compared as the build-time answers' arguments are (`same`): key order and undefined fields ignored.
  if (same(next, prices)) return false;
  prices = next;
  try {
    planner?.free();
  } catch { /* a planner of a dead instance is already gone */ }
  planner = null;
  plannerError = null;
  return true;
}

/** The calls a planner answers (its methods); the others are free functions only. */
const PLANNED = new Set(['catalogInfo', 'listOffers', 'estimate', 'recommend', 'recommendRows', 'whyNot', 'tco']);

/** The planner of the live instance for the prices in use, built on first need. */
function currentPlanner() {
  if (plannerError) throw plannerError;
  if (!planner) {
    try {
      planner = new glue.Planner(prices ? { userPrices: prices } : undefined);
      plannerBuilds += 1;
    } catch (error) {
      // Prices the engine refuses: the same error (its field under `userPrices.`) until they change.
      if (!isTrap(error)) plannerError = error;
      throw error;
    }
  }
  return planner;
}

/**
 * Calls whose answers do not depend on the user's prices (docs/API.md: the
 * catalog's description, the memory and time estimate, buy-vs-rent on list
 * prices): while the prices are refused, they still answer, as free functions.
 */
const PRICE_FREE = new Set(['catalogInfo', 'estimate', 'tco']);

/** `name` on the planner where it has that method, else the free function. */
function invoke(name, args) {
  if (!PLANNED.has(name) || typeof glue.Planner !== 'function' || (plannerError && PRICE_FREE.has(name))) return glue[name](...args);
  return currentPlanner()[name](...args);
}

function call(name, args) {
  const known = state === 'ready' && !fromBuildOnceReady(name) ? undefined : answered(name, args);
  if (known !== undefined) return known;
  if (state === 'idle') {
    // Started from build-time answers and this call is not among them: the page recomputes once the engine is ready.
    misses.push(name);
    missedWhileLoading = true;
    throw engineError('engine-loading');
  }
  if (state === 'restarting') throw engineError('engine-restarting');
  if (state === 'dead') {
    // Within the retry it stays dead; the user's next change tries a fresh instance.
    if (retrying) throw engineError('engine-failed');
    throw restartAfterTrap(null);
  }
  if (!glue) throw engineError('engine-failed', new Error('the engine has not started'));
  try {
    return invoke(name, args);
  } catch (error) {
    if (!isTrap(error)) throw error;
    if (retrying) {
      // The recomputation after a restart trapped again: stop, and say so.
      state = 'dead';
      throw engineError('engine-failed', error);
    }
    throw restartAfterTrap(error);
  }
}

export const catalogInfo = (...args) => call('catalogInfo', args);
/**
 * The catalog's description for drawing the forms before the first result:
 * the build's while it has one (its price ages counted on the build's day:
 * the page asks the engine again after its first result's frame), else the
 * engine's. A shared link's first result then does not wait for the engine to
 * describe the catalog.
 */
export const catalogInfoForForms = () => answered('catalogInfo', []) ?? catalogInfo();
export const listModels = (...args) => call('listModels', args);
export const listOffers = (...args) => call('listOffers', args);
export const estimate = (...args) => call('estimate', args);
export const recommend = (...args) => call('recommend', args);
export const recommendRows = (...args) => call('recommendRows', args);
export const whyNot = (...args) => call('whyNot', args);
export const tco = (...args) => call('tco', args);
export const parseCatalogFile = (...args) => call('parseCatalogFile', args);
export const version = (...args) => call('version', args);

/**
 * Runs the build-time requests that take arguments once on the engine itself,
 * discarding the answers: the browser compiles wasm functions on their first
 * call, and this puts that cost here rather than on the user's first keystroke.
 * One call per idle task (each is tens of milliseconds): frames and the user's
 * input go first, and a call the page made meanwhile has done the work already.
 */
export function warmUp() {
  if (state !== 'ready' || !answers) return;
  const pending = answers
    .map((entry) => ({ name: entry.name, args: entry.args }))
    .filter(({ name, args }) => args?.length && typeof glue[name] === 'function');
  const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 0));
  const next = () => {
    const item = pending.shift();
    if (!item || state !== 'ready') return;
    try {
      invoke(item.name, structuredClone(item.args));
    } catch { /* a refused or trapped warm-up call changes nothing the page shows */ }
    idle(next, { timeout: 1000 });
  };
  idle(next, { timeout: 1000 });
}

/** True once the module runs (not only the build-time answers). */
export const engineReady = () => state === 'ready';

/**
 * For tests: the live instance's memory (to simulate corruption), how many
 * instances ran, build-time answers used, planners built (over the page's life).
 */
export function debugState() {
  return {
    instances, state, memory: wasmExports?.memory ?? null, answers: { loaded: answers?.length ?? 0, hits, misses: [...misses] }, timings,
    planner: { builds: plannerBuilds, live: planner !== null, withPrices: prices !== null },
  };
}
