// The npm package as a user gets it: `npm pack pkg/`, installed into a fresh
// folder, then examples/package (every export called) type-checked by strict
// tsc, run in Node, bundled by esbuild and run in a page and a module Worker.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';
import { serve } from '../../tools/serve.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
let dir;
let manifest;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gpuplan-package-'));
  const { stdout } = await run('npm', ['pack', join(root, 'pkg'), '--pack-destination', dir, '--json']);
  const [packed] = JSON.parse(stdout);
  await writeFile(join(dir, 'package.json'), '{ "name": "user-project", "private": true, "type": "module" }\n');
  // A local tarball without dependencies: no registry is asked.
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(dir, packed.filename)], { cwd: dir });
  await cp(join(root, 'examples', 'package'), dir, { recursive: true });
  manifest = JSON.parse(await readFile(join(dir, 'node_modules', 'gpuplan', 'package.json'), 'utf8'));
});

after(async () => { if (dir) await rm(dir, { recursive: true, force: true }); });

const cargoVersion = async () => (await readFile(join(root, 'Cargo.toml'), 'utf8')).match(/^version = "([^"]+)"$/m)[1];

function checkSummary(summary, version) {
  assert.equal(summary.version, version);
  assert.ok(summary.offerCount > 4000, `offers: ${summary.offerCount}`);
  assert.ok(summary.firstOffer.includes('/'));
  assert.ok(summary.h100Offers > 10);
  assert.ok(summary.models > 10);
  assert.equal(summary.customOffers, 1);
  assert.equal(summary.estimateGpus, 1);
  // docs/API.md's recommend example: 8 × 80 GB in Azure eastus.
  assert.equal(summary.best, 'azure/Standard_ND96amsr_A100_v4/eastus');
  assert.equal(summary.plan, 'onDemand');
  assert.ok(summary.whyNotTotal > 5000);
  assert.equal(summary.memoryPage, 2);
  assert.equal(typeof summary.tcoBreakEven, 'number');
  assert.equal(summary.errorField, 'minGpuMemoryGib');
  assert.equal(summary.errorCode, 'out-of-range');
}

test('the packed package declares its entry points, types and files', async () => {
  assert.equal(manifest.name, 'gpuplan');
  assert.equal(manifest.version, await cargoVersion());
  assert.match(manifest.version, /^\d+\.\d+\.\d+$/);
  assert.equal(manifest.type, 'module');
  assert.equal(manifest.sideEffects, false);
  assert.deepEqual(Object.keys(manifest.exports['.']), ['types', 'node', 'default']);
  const files = await readdir(join(dir, 'node_modules', 'gpuplan'));
  for (const f of ['gpuplan.js', 'gpuplan.d.ts', 'gpuplan_bg.wasm', 'node.js', 'README.md', 'LICENSE', 'package.json']) {
    assert.ok(files.includes(f), `${f} is in the package`);
  }
  const dts = await readFile(join(dir, 'node_modules', 'gpuplan', 'gpuplan.d.ts'), 'utf8');
  assert.match(dts, /export function listOffers\(filter\?: OfferFilter/);
  assert.match(dts, /export type RecommendRequest = /);
});

test('strict tsc accepts the example that calls every export', async () => {
  try {
    await run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: dir });
  } catch (e) {
    assert.fail(`tsc: ${e.stdout}${e.stderr}`);
  }
});

test('in Node, init() without arguments works and every call answers', async () => {
  // Types stripped only; the imports of 'gpuplan' stay and resolve to the installed package.
  await run(bin('esbuild'), ['example.ts', 'node.ts', '--format=esm', '--outdir=node-out', '--out-extension:.js=.js'], { cwd: dir });
  await writeFile(join(dir, 'node-out', 'package.json'), '{ "type": "module" }\n');
  const { stdout } = await run(process.execPath, [join(dir, 'node-out', 'node.js')], { cwd: dir });
  checkSummary(JSON.parse(stdout), await cargoVersion());
});

test('bundled by esbuild, the example runs in a page and in a module Worker', async () => {
  const out = join(dir, 'web');
  await run(bin('esbuild'), ['browser.ts', '--bundle', '--format=esm', '--loader:.wasm=file', `--outdir=${out}`], { cwd: dir });
  const emitted = await readdir(out);
  assert.ok(emitted.some((f) => /^gpuplan_bg-.*\.wasm$/.test(f)), `esbuild copied the module: ${emitted}`);
  await writeFile(join(out, 'page.html'), '<!doctype html><title>page</title><script type="module" src="browser.js"></script>');
  await writeFile(join(out, 'worker.html'), `<!doctype html><title>worker</title><script type="module">
    const worker = new Worker(new URL('./browser.js', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => { document.body.dataset.summary = e.data; };
    worker.onerror = (e) => { document.body.dataset.summary = JSON.stringify({ error: e.message }); };
  </script>`);
  const server = await serve(out);
  const browser = await launch();
  try {
    const version = await cargoVersion();
    for (const name of ['page.html', 'worker.html']) {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`http://127.0.0.1:${server.address().port}/${name}`);
      await page.waitForSelector('body[data-summary]', { state: 'attached', timeout: 20000 });
      const summary = JSON.parse(await page.evaluate(() => document.body.dataset.summary));
      assert.deepEqual(errors, []);
      checkSummary(summary, version);
      await page.close();
    }
  } finally {
    await browser.close();
    await new Promise((ok) => server.close(ok));
  }
});
