// The one door to the WebAssembly engine. Every other module calls the engine
// through here, so a trapped module (a `WebAssembly.RuntimeError`: its memory
// and state are then undefined) is replaced by a fresh instance and the page
// recomputes once with the user's input untouched.
//
// The single-file build sets `globalThis.gpuplanEmbedded = { glue, wasm }`
// before this module runs: `glue()` returns a fresh copy of the wasm-bindgen
// glue, `wasm` the module's bytes.

const embedded = globalThis.gpuplanEmbedded ?? null;

let glue = null; // the live glue module (its exports call into one instance)
let wasmExports = null;
let compiled = null; // a WebAssembly.Module, compiled once and instantiated per restart
let instances = 0;
let state = 'idle'; // idle | ready | restarting | dead
let restarting = null;
let retrying = false;
let listeners = [];

async function freshGlue() {
  if (embedded) return embedded.glue();
  // A new query string gives a new module record: fresh glue state, not the dead one.
  const suffix = instances ? `?instance=${instances}` : '';
  return import(new URL(`../pkg/gpuplan.js${suffix}`, import.meta.url).href);
}

async function compile() {
  if (embedded) return WebAssembly.compile(embedded.wasm);
  const url = new URL('../pkg/gpuplan_bg.wasm', import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  // compileStreaming needs the application/wasm type; fall back to bytes otherwise.
  return response.headers.get('content-type')?.startsWith('application/wasm')
    ? WebAssembly.compileStreaming(response)
    : WebAssembly.compile(await response.arrayBuffer());
}

async function instantiate() {
  compiled ??= await compile();
  const next = await freshGlue();
  wasmExports = await next.default({ module_or_path: compiled });
  instances += 1;
  glue = next;
  state = 'ready';
}

/** Loads the engine once; later calls resolve at once. */
export async function start() {
  if (state === 'ready') return;
  if (!restarting) {
    restarting = instantiate().finally(() => { restarting = null; });
  }
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

function call(name, args) {
  if (state === 'restarting') throw engineError('engine-restarting');
  if (state === 'dead') {
    // Within the retry it stays dead; the user's next change tries a fresh instance.
    if (retrying) throw engineError('engine-failed');
    throw restartAfterTrap(null);
  }
  if (!glue) throw engineError('engine-failed', new Error('the engine has not started'));
  try {
    return glue[name](...args);
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
export const listModels = (...args) => call('listModels', args);
export const listOffers = (...args) => call('listOffers', args);
export const estimate = (...args) => call('estimate', args);
export const recommend = (...args) => call('recommend', args);
export const tco = (...args) => call('tco', args);
export const parseCatalogFile = (...args) => call('parseCatalogFile', args);
export const version = (...args) => call('version', args);

/** For tests: the live instance's memory (to simulate corruption) and how many instances ran. */
export function debugState() {
  return { instances, state, memory: wasmExports?.memory ?? null };
}
