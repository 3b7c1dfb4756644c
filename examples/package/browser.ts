// In a page or a module Worker, bundled by esbuild: the module is imported as a
// file (`--loader:.wasm=file`), so esbuild resolves it and copies it beside the bundle.
import init from 'gpuplan';
import wasmUrl from 'gpuplan/gpuplan_bg.wasm';
import { run } from './example.js';

await init({ module_or_path: new URL(wasmUrl, import.meta.url) });
const summary = JSON.stringify(run());
if (typeof document === 'undefined') {
  (self as unknown as { postMessage(message: string): void }).postMessage(summary);
} else {
  document.body.dataset.summary = summary;
}
