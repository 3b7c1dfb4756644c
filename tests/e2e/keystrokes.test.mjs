// End-to-end: a burst of typing settles. Input is coalesced to animation
// frames (app.js `recompute`): 100 keystrokes within one second make far
// fewer than 100 engine calls, and the answer to the last one is on screen
// soon after it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

/**
 * From the last keystroke to the last change of the results, at most: 1,000 ms
 * (a recompute is 100–400 ms on this shared 2-core machine), or on a machine so
 * loaded that one recompute takes longer, three of its frames (the longest
 * animation frame of the burst: the frame running when the key comes, the one
 * that answers it, and slack for the frame between).
 */
const SETTLE_MS = 1000;
const SETTLE_RECOMPUTES = 3;

test('100 keystrokes within one second settle: the last one\'s answer on screen within the bound, far fewer engine calls', async () => {
  const { page, problems } = await openPage(session, '/?v=1&w.kind=finetune&w.model=qwen2.5-7b&w.method=lora&w.tokens=200M&w.accelerator=L4');
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '');
  const run = await page.evaluate(async () => {
    const { Planner } = await import('/pkg/gpuplan.js');
    const calls = [];
    // The table's ranking per keystroke is its rows (`recommendRows`).
    for (const name of ['estimate', 'recommendRows']) {
      const real = Planner.prototype[name];
      Planner.prototype[name] = function (...args) {
        const call = { name, tokens: args[0]?.workload?.tokens, at: performance.now(), ms: 0 };
        calls.push(call);
        try {
          return real.apply(this, args);
        } finally {
          call.ms = performance.now() - call.at;
        }
      };
    }
    const frames = [];
    try {
      new PerformanceObserver((list) => frames.push(...list.getEntries().map((e) => e.duration)))
        .observe({ type: 'long-animation-frame' });
    } catch { /* no long-animation-frame entries: the engine calls' time stands in */ }
    let lastChange = 0;
    new MutationObserver(() => { lastChange = performance.now(); })
      .observe(document.querySelector('#recommend'), { childList: true, subtree: true, characterData: true });
    const input = document.querySelector('#w-tokens');
    input.focus();
    // 100 keystrokes, one every 10 ms, each its own task queued at its time whatever the page is
    // doing (as the browser queues keys); the last leaves 250M.
    const start = performance.now();
    let lastKey = 0;
    // Animation frames during the burst: input is coalesced to them, so they bound the calls.
    let burstFrames = 0;
    let burstDone = false;
    const countFrame = () => { burstFrames += 1; if (!burstDone) requestAnimationFrame(countFrame); };
    requestAnimationFrame(countFrame);
    await new Promise((done) => {
      for (let i = 1; i <= 100; i += 1) {
        setTimeout(() => {
          input.value = i === 100 ? '250M' : `${200 + (i % 7)}M`;
          input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
          lastKey = performance.now();
          if (i === 100) { burstDone = true; done(); }
        }, i * 10);
      }
    });
    const burstMs = lastKey - start;
    // The last key was pressed at start + 1,000 ms; a busy page handles it later.
    const pressed = start + 1000;
    // Settled: no change of the results for a second.
    while (performance.now() - Math.max(lastChange, lastKey) < 1000) await new Promise((ok) => setTimeout(ok, 100));
    const recommends = calls.filter((c) => c.name === 'recommendRows');
    return {
      burstMs,
      settleMs: Math.max(0, lastChange - pressed),
      handledLateMs: lastKey - pressed,
      recommendCalls: recommends.length,
      burstFrames,
      estimateCalls: calls.filter((c) => c.name === 'estimate').length,
      lastTokens: recommends.at(-1)?.tokens,
      // One recompute: the longest animation frame (or, without those entries, an estimate and a recommend).
      recomputeMs: frames.length ? Math.max(...frames)
        : Math.max(...calls.filter((c) => c.name === 'estimate').map((c) => c.ms)) + Math.max(...recommends.map((c) => c.ms)),
      shown: document.querySelector('#w-tokens').value,
      error: !document.querySelector('#recommend-error').hidden,
    };
  });
  console.log(`100 keystrokes in 1 s: the last one's answer on screen ${run.settleMs.toFixed(0)} ms after it was pressed (handled ${run.handledLateMs.toFixed(0)} ms late); ${run.recommendCalls} recommend and ${run.estimateCalls} estimate calls in ${run.burstFrames} frames; longest frame ${run.recomputeMs.toFixed(0)} ms`);
  assert.equal(run.error, false);
  assert.equal(run.shown, '250M');
  // The last answer computed is the last keystroke's.
  assert.equal(run.lastTokens, 250e6);
  // At most one call per animation frame, so far fewer than one per key: how many fewer
  // depends on how fast a recompute is (18 to 26 of 100 on a 2-core machine: a fixed bound of 25 failed once).
  assert.ok(run.recommendCalls <= Math.min(60, run.burstFrames + 1),
    `${run.recommendCalls} recommend calls for 100 keystrokes in ${run.burstFrames} frames`);
  const bound = Math.max(SETTLE_MS, SETTLE_RECOMPUTES * run.recomputeMs);
  assert.ok(run.settleMs <= bound, `settled ${run.settleMs} ms after the last keystroke was pressed (bound ${bound} ms)`);
  assert.deepEqual(problems, []);
});
