// Planner lifetimes through the shipped glue (issue 20): the package's Node
// entry, so the generated glue with its tools/glue-reset.mjs guard and the
// optimized module. Misuse is a field-named error, dropped Planners are freed
// by the glue's FinalizationRegistry, and the module's memory stays bounded.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setImmediate as tick } from 'node:timers/promises';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
let glue;
let wasm;

before(async () => {
  glue = await import('../../pkg/node.js');
  wasm = await glue.default();
});

const mib = () => wasm.memory.buffer.byteLength / 2 ** 20;
const REQUEST = { workload: { kind: 'raw', gpuMemoryGib: 8 }, constraints: { providers: ['azure'] }, priorities: { limit: 1 } };

function assertFreed(f) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.field, 'planner');
    assert.equal(e.code, 'freed');
    assert.match(e.message, /create a new Planner/);
    assert.doesNotMatch(e.message, /null pointer/);
    return true;
  });
}

test('every method of a freed Planner throws a field-named error, and the module answers the next call', () => {
  const planner = new glue.Planner({ userPrices: { discounts: { azure: 10 } } });
  assert.ok(planner.recommend(REQUEST).candidates.length > 0);
  planner.free();
  assertFreed(() => planner.recommend(REQUEST));
  assertFreed(() => planner.estimate({ workload: { kind: 'raw', gpuMemoryGib: 8 } }));
  assertFreed(() => planner.whyNot(REQUEST));
  assertFreed(() => planner.tco({}));
  assertFreed(() => planner.listOffers({}));
  assertFreed(() => planner.catalogInfo());
  // free() twice does nothing.
  planner.free();
  assert.ok(glue.recommend(REQUEST).candidates.length > 0);
});

test('a forged or copied pointer never reaches the module', () => {
  const forged = Object.create(glue.Planner.prototype);
  forged.__wbg_ptr = 8;
  assertFreed(() => forged.recommend(REQUEST));
  forged.free();
  const real = new glue.Planner();
  const copy = Object.create(glue.Planner.prototype);
  copy.__wbg_ptr = real.__wbg_ptr;
  assertFreed(() => copy.catalogInfo());
  // Overwriting the pointer of a live planner changes nothing either.
  real.__wbg_ptr = 12345678;
  assert.ok(real.recommend(REQUEST).candidates.length > 0);
  real.free();
  assertFreed(() => glue.Planner.prototype.tco.call({}, {}));
  assert.ok(glue.version().version);
});

test('1,200 Planners created, used and freed in a loop keep the memory flat', () => {
  const start = mib();
  for (let i = 0; i < 1200; i++) {
    // Every 100th with prices of its own (pricing the catalog takes longer).
    const planner = new glue.Planner(i % 100 === 0 ? { userPrices: { discounts: { azure: i % 97 } } } : undefined);
    planner.tco({ years: 1 });
    planner.free();
  }
  assert.ok(mib() - start < 16, `memory ${start} → ${mib()} MiB`);
});

test('1,200 Planners dropped without free() are freed by the FinalizationRegistry', async () => {
  const start = mib();
  for (let i = 0; i < 1200; i++) {
    new glue.Planner(i % 100 === 0 ? { userPrices: { discounts: { aws: i % 97 } } } : undefined).tco({ years: 1 });
    // The registry's callbacks run between tasks, after a collection.
    if (i % 50 === 49) {
      gc();
      await tick();
    }
  }
  // Without the registry 1,200 planners would hold 1,200 priced catalogs.
  const perPlanner = (() => {
    const before = mib();
    const kept = Array.from({ length: 40 }, () => new glue.Planner());
    const each = (mib() - before) / kept.length;
    for (const p of kept) p.free();
    return each;
  })();
  const grown = mib() - start;
  assert.ok(grown < Math.max(64, 200 * perPlanner), `memory grew ${grown.toFixed(0)} MiB (${perPlanner.toFixed(2)} MiB a planner)`);
  assert.ok(glue.recommend(REQUEST).candidates.length > 0);
});

test('after a restart, a Planner of the forgotten instance is refused, not a pointer into the new one', async () => {
  const old = new glue.Planner();
  glue.__gpuplanForget();
  wasm = await glue.default();
  assertFreed(() => old.recommend(REQUEST));
  old.free();
  const fresh = new glue.Planner();
  assert.ok(fresh.recommend(REQUEST).candidates.length > 0);
  fresh.free();
});
