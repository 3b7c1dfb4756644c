// Makes pkg/ an npm package (`./build.sh build` runs it after wasm-bindgen):
// package.json with the crate's version, the Node entry, README and LICENSE.
// `npm pack pkg` then gives the installable tarball (docs/PACKAGE.md).
import { copyFile, readFile, writeFile } from 'node:fs/promises';

const root = new URL('../', import.meta.url);
const dir = new URL(`${(process.argv[2] ?? 'pkg').replace(/\/+$/, '')}/`, root);

const cargo = await readFile(new URL('Cargo.toml', root), 'utf8');
// The first `version = "…"` is the [package] table's (it comes first in Cargo.toml).
const version = cargo.match(/^version = "([^"]+)"$/m)?.[1];
const description = cargo.match(/^description = "([^"]+)"$/m)?.[1];
if (!version || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) {
  throw new Error(`Cargo.toml has no semver version: ${version}`);
}

const manifest = {
  name: 'gpuplan',
  version,
  description,
  license: 'MIT',
  type: 'module',
  // Bundlers and browsers take the web glue; Node takes node.js, which reads the
  // module with fs (Node's fetch has no file: URLs). Both have the same exports.
  main: './gpuplan.js',
  types: './gpuplan.d.ts',
  exports: {
    '.': {
      types: './gpuplan.d.ts',
      node: './node.js',
      default: './gpuplan.js',
    },
    // For bundlers that need the module as an asset of their own (esbuild's
    // `file` loader): `import wasmUrl from 'gpuplan/gpuplan_bg.wasm'`.
    './gpuplan_bg.wasm': './gpuplan_bg.wasm',
    './package.json': './package.json',
  },
  files: ['gpuplan.js', 'gpuplan.d.ts', 'gpuplan_bg.wasm', 'gpuplan_bg.wasm.d.ts', 'node.js', 'README.md', 'LICENSE'],
  // Importing the glue changes nothing until `init()` is called.
  sideEffects: false,
  keywords: ['gpu', 'cloud', 'cost', 'llm', 'webassembly'],
  engines: { node: '>=18' },
};

await writeFile(new URL('package.json', dir), `${JSON.stringify(manifest, null, 2)}\n`);
await copyFile(new URL('tools/package/node.js', root), new URL('node.js', dir));
await copyFile(new URL('docs/PACKAGE.md', root), new URL('README.md', dir));
await copyFile(new URL('LICENSE', root), new URL('LICENSE', dir));
