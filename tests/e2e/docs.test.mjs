// Every ```js block of docs/API.md, docs/PACKAGE.md and README.md runs as
// written in Node against the built package (pkg/), each in a module of its
// own; a block that does not import the package gets it as `init()` plus
// every export. The ```html block of docs/EMBED.md runs in tests/e2e/widget.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { blocks } from './markdown.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = pathToFileURL(join(root, 'pkg', 'node.js')).href;

/** A block that imports the package from its documented path imports the built one. */
function runnable(code) {
  const imports = /from '(\.\/pkg\/gpuplan\.js|gpuplan)'/;
  if (imports.test(code)) return code.replace(imports, `from '${entry}'`);
  return `import init, * as gpuplan from '${entry}';\nawait init();\n`
    + `const { ${EXPORTS} } = gpuplan;\n${code}`;
}

const EXPORTS = 'catalogInfo, listOffers, estimate, recommend, recommendRows, whyNot, tco, listModels, parseCatalogFile, version, Planner';

for (const doc of ['docs/API.md', 'docs/PACKAGE.md', 'README.md']) {
  test(`every js block of ${doc} runs as written`, async () => {
    const found = blocks(await readFile(join(root, doc), 'utf8'), 'js')
      // A module Worker's script and a bundler's input run in tests/e2e/package.test.mjs.
      .filter((b) => !/self\.onmessage|gpuplan_bg\.wasm'/.test(b.code));
    assert.ok(found.length > 0, `${doc} has js blocks`);
    const dir = await mkdtemp(join(tmpdir(), 'gpuplan-docs-'));
    try {
      for (const block of found) {
        const file = join(dir, `line-${block.line}.mjs`);
        await writeFile(file, runnable(block.code));
        try {
          await run(process.execPath, [file], { cwd: dir });
        } catch (e) {
          assert.fail(`${doc}, the block at line ${block.line} fails:\n${e.stderr || e.message}`);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
