// Records the engine calls the page makes on a first visit with the default
// example (no link, nothing stored) until its first priced result is in the
// DOM, and writes them to tools/first-requests.json.
// `./build.sh build` answers them with the native engine (src/bin/first-answers.rs)
// into pkg/first-answers.js, which the page shows with its first paint while the
// module compiles. Run `node tools/first-requests.mjs` (after `./build.sh build`)
// whenever the page's default scenario or its first calls change; the e2e test
// "the default first visit is answered at build time" says when it is due.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startSession } from '../tests/e2e/browser.mjs';

/** The glue, with every call before the page is ready recorded with its arguments. */
async function recordCalls(context) {
  await context.route('**/pkg/first-answers.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export default null;' }));
  await context.addInitScript(() => { window.__firstCalls = []; });
  await context.route(/\/pkg\/gpuplan\.js(\?.*)?$/, async (route) => {
    const real = await (await route.fetch()).text();
    const names = [...real.matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
    const classes = [...real.matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
    const record = `const __record = (call, args) => {
  if (!document.querySelector('#candidates tbody td.price')) window.__firstCalls.push({ call, args: JSON.parse(JSON.stringify(args)) });
};`;
    const body = real.replace(/^export function (\w+)/gm, 'function __real_$1') + '\n' + record + '\n'
      + names.map((n) => `export function ${n}(...args) {
  ${n.startsWith('__') ? '' : `__record('${n}', args);`}
  return __real_${n}(...args);
}`).join('\n') + '\n'
      // The page asks its planner (a Planner's methods answer as the free functions of the same name).
      + classes.map((c) => `for (const k of Object.getOwnPropertyNames(${c}.prototype)) {
  const d = Object.getOwnPropertyDescriptor(${c}.prototype, k);
  if (k === 'constructor' || k === 'free' || k.startsWith('__') || typeof d.value !== 'function') continue;
  ${c}.prototype[k] = function (...args) { __record(k, args); return d.value.apply(this, args); };
}`).join('\n');
    await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body });
  });
}

export async function firstRequests(session) {
  const context = await session.browser.newContext();
  await recordCalls(context);
  const page = await context.newPage();
  await page.goto(session.url('/'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 120000 });
  const calls = await page.evaluate(() => window.__firstCalls);
  await context.close();
  // Each distinct call once, in the order the page makes them.
  const seen = new Set();
  return calls.filter((c) => !seen.has(JSON.stringify(c)) && seen.add(JSON.stringify(c)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const session = await startSession();
  try {
    const calls = await firstRequests(session);
    const out = new URL('./first-requests.json', import.meta.url);
    writeFileSync(out, `${JSON.stringify(calls, null, 1)}\n`);
    console.log(`${calls.length} calls: ${calls.map((c) => c.call).join(', ')} → ${fileURLToPath(out)}`);
  } finally {
    await session.close();
  }
}
