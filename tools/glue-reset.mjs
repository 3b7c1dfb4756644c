// Adds one export to the wasm-bindgen glue (pkg/gpuplan.js), run by
// `./build.sh build` after wasm-bindgen: `__gpuplanForget()` drops the glue's
// instance so that the next `init` instantiates the module afresh.
//
// Why: after a trap the page (www/js/engine.js) needs a new instance. The
// glue keeps its instance in module variables and `init` returns early once
// set, so the only other way is to import the glue again under a new URL —
// and every module record so imported stays alive with its dead instance's
// memory (issue 20: 1.06 → 5.1 → 9.2 → 13.3 GiB over three traps). With this
// export the glue is imported once and the dead instance becomes garbage.
//
// And guards `Planner` (issue 20): wasm-bindgen's class passes `this.__wbg_ptr`
// into the module as is, so a call after `free()` throws "null pointer passed
// to rust" (no field), a forged or copied `__wbg_ptr` reaches the module as a
// raw pointer, and after a restart a Planner of the dead instance (or its
// FinalizationRegistry callback) would free a pointer of the new one. Here
// each Planner's pointer is kept in a WeakMap with the instance that made it:
// a call on a freed Planner, or on one of an instance since forgotten, is an
// Error with `field: "planner"` and `code: "freed"`; `free()` twice does
// nothing; the registry frees only pointers of the live instance.
import { readFileSync, writeFileSync } from 'node:fs';

const path = process.argv[2] ?? 'pkg/gpuplan.js';
const glue = readFileSync(path, 'utf8');
const marker = 'export function __gpuplanForget()';
// The names this relies on, as wasm-bindgen 0.2.130 emits them.
for (const name of ['let wasmModule, wasmInstance, wasm;', 'let __wbg_init_promise;', 'let cachedUint8ArrayMemory0 = null;', 'let cachedDataViewMemory0 = null;']) {
  if (!glue.includes(name)) {
    console.error(`glue-reset: ${path} has no \`${name}\`; update tools/glue-reset.mjs for this wasm-bindgen`);
    process.exit(1);
  }
}
const plannerMarker = 'function __gpuplanPlannerPtr(';
let patched = glue;
if (!glue.includes(plannerMarker)) {
  const classes = [...glue.matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
  if (classes.join() !== 'Planner') {
    console.error(`glue-reset: ${path} exports classes ${classes.join(', ')}; tools/glue-reset.mjs guards Planner only`);
    process.exit(1);
  }
  const replace = (from, to, all = false) => {
    if (!patched.includes(from)) {
      console.error(`glue-reset: ${path} has no \`${from}\`; update tools/glue-reset.mjs for this wasm-bindgen`);
      process.exit(1);
    }
    patched = all ? patched.split(from).join(to) : patched.replace(from, to);
  };
  replace(`        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        PlannerFinalization.unregister(this);`, `        const held = __gpuplanPlanners.get(this);
        __gpuplanPlanners.delete(this);
        this.__wbg_ptr = 0;
        PlannerFinalization.unregister(this);
        const ptr = held !== undefined && held.wasm === wasm ? held.ptr : 0;`);
  replace('        wasm.__wbg_planner_free(ptr, 0);', '        if (ptr !== 0) wasm.__wbg_planner_free(ptr, 0);');
  replace('        PlannerFinalization.register(this, this.__wbg_ptr, this);', `        __gpuplanPlanners.set(this, { ptr: this.__wbg_ptr, wasm });
        PlannerFinalization.register(this, { ptr: this.__wbg_ptr, wasm }, this);`);
  replace('new FinalizationRegistry(ptr => wasm.__wbg_planner_free(ptr, 1));',
    'new FinalizationRegistry(held => { if (held.wasm === wasm) wasm.__wbg_planner_free(held.ptr, 1); });');
  patched = patched.replace(/(wasm\.planner_\w+\()this\.__wbg_ptr/g, '$1__gpuplanPlannerPtr(this)');
  if (/wasm\.planner_\w+\(this\.__wbg_ptr/.test(patched) || !patched.includes('__gpuplanPlannerPtr(this)')) {
    console.error(`glue-reset: ${path}: the Planner methods were not all guarded`);
    process.exit(1);
  }
  patched += `
/** Added by tools/glue-reset.mjs: each live Planner's pointer, with the instance that made it. */
const __gpuplanPlanners = new WeakMap();

/** Added by tools/glue-reset.mjs: the pointer of a live Planner, or a field-named error. */
${plannerMarker}planner) {
    const held = (typeof planner === 'object' && planner !== null) ? __gpuplanPlanners.get(planner) : undefined;
    if (held !== undefined && held.wasm === wasm) return held.ptr;
    const error = new Error(held === undefined
        ? 'this Planner was freed (free() was called on it) or is not a Planner: create a new Planner'
        : 'this Planner belongs to a calculator that has restarted since: create a new Planner');
    error.field = 'planner';
    error.code = 'freed';
    error.params = {};
    throw error;
}
`;
}
if (!patched.includes(marker)) {
  writeFileSync(path, `${patched}
/** Added by tools/glue-reset.mjs: forget the instance; the next init instantiates the module again. */
${marker} {
    wasm = undefined;
    wasmInstance = undefined;
    wasmModule = undefined;
    __wbg_init_promise = undefined;
    cachedDataViewMemory0 = null;
    cachedUint8ArrayMemory0 = null;
}
`);
} else if (patched !== glue) {
  writeFileSync(path, patched);
}
