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
if (!glue.includes(marker)) {
  writeFileSync(path, `${glue}
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
}
