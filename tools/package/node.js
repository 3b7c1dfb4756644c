// The package's entry under Node (the "node" condition of package.json).
// wasm-bindgen's web glue fetches `gpuplan_bg.wasm` beside itself, and Node's
// fetch does not read file: URLs, so `await init()` reads the module from the
// package's own folder instead. Every export is the web glue's.
import { readFile } from 'node:fs/promises';
import initWeb from './gpuplan.js';

export * from './gpuplan.js';

/** `await init()` reads the module beside this file; an explicit input is passed on as given. */
export default async function init(input) {
  if (input === undefined) {
    input = { module_or_path: await readFile(new URL('./gpuplan_bg.wasm', import.meta.url)) };
  }
  return initWeb(input);
}
