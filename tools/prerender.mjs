// The served page with its first result drawn in: `./build.sh build` writes
// www/index.html from the page's source, www/page.html, by opening that source
// in headless Chromium (the default example, English, no saved state) and
// keeping the page's own drawing of its first priced result, as the frame that
// shows it. A visitor then sees a priced answer as soon as the HTML is parsed,
// before any script has run; the page's script draws its own page from the
// source (kept in `<template id="page-source">`) in the task that draws its
// first result, so no frame shows an empty page between the two
// (www/js/take-over.js). The drawing is inert: nothing in it can be focused,
// typed into or clicked.
//
// Only a visitor who would see the default example gets the drawing: it is
// shown once the head's inline script has said so (`data-first-view`,
// www/style.css), comparing the visit with the default's link and storage
// written here on `<html>`; not for a link to another scenario, a saved
// scenario or saved prices that differ from the default, or a browser that
// asks for Chinese (nor without scripts: the page needs them).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from '../tests/e2e/browser.mjs';
import { serve } from './serve.mjs';

const www = (path) => fileURLToPath(new URL(`../www/${path}`, import.meta.url));
/** What the page keeps in local storage (www/js/app.js, user-prices.js, estimate.js). */
const STORAGE_KEYS = ['gpuplan.scenario.v1', 'gpuplan.userPrices.v1', 'gpuplan.hfConfig.v1'];

/**
 * Runs in the page before its scripts: at the first priced row, keeps the
 * frame that shows it (a frame callback runs after the task that drew it) as
 * HTML, with what the controls hold written into their attributes (HTML keeps
 * attributes, not what a script set), what cannot be seen left out, and every
 * top-level part inert.
 */
function keepFirstResultFrame() {
  const priced = () => /\d/.test(document.querySelector('#candidates tbody td.price')?.textContent ?? '');
  const observer = new MutationObserver(() => {
    if (!priced()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const copy = document.body.cloneNode(true);
      const live = document.body.querySelectorAll('input, select, textarea, option');
      const kept = copy.querySelectorAll('input, select, textarea, option');
      live.forEach((el, i) => {
        const to = kept[i];
        if (el instanceof HTMLOptionElement) to.toggleAttribute('selected', el.selected);
        else if (el instanceof HTMLTextAreaElement) to.textContent = el.value;
        else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) to.toggleAttribute('checked', el.checked);
        else if (el instanceof HTMLInputElement && el.type !== 'file') to.setAttribute('value', el.value);
      });
      // What no one sees before the page takes over is left out: a closed panel's
      // content, a hidden element's, a closed list's other choices.
      for (const el of copy.querySelectorAll('details:not([open]) > :not(summary), select option:not([selected])')) el.remove();
      for (const el of copy.querySelectorAll('[hidden]')) el.replaceChildren();
      for (const part of copy.children) part.setAttribute('inert', '');
      window.__firstResultFrame = { body: copy.innerHTML, styled: copy.querySelectorAll('[style]').length };
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Writes www/index.html; returns the bytes of the drawing. */
export async function prerender() {
  const source = readFileSync(www('page.html'), 'utf8');
  const server = await serve(www(''));
  const browser = await launch();
  try {
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block', viewport: { width: 1400, height: 900 } });
    await context.addInitScript(keepFirstResultFrame);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    await page.goto(`http://127.0.0.1:${server.address().port}/page.html`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60000 });
    const frame = await page.evaluate(() => window.__firstResultFrame);
    if (!frame) throw new Error('no first result was drawn');
    if (problems.length) throw new Error(`the page reported problems: ${problems.join('; ')}`);
    // What a first visit leaves behind (the default example's link and storage), so a reload is the default too.
    await page.waitForFunction(() => location.search.length > 1, null, { timeout: 10000 });
    const defaults = await page.evaluate((keys) => ({
      search: location.search,
      storage: Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])),
    }), STORAGE_KEYS);
    await context.close();
    if (frame.styled) throw new Error('the drawing has style attributes, which the page\'s policy refuses: set styles through classes or SVG attributes');
    const body = /<body>\n([\s\S]*)<\/body>/.exec(source);
    if (!body) throw new Error('www/page.html: no <body> found');
    const root = '<html lang="en">';
    if (!source.includes(root)) throw new Error(`www/page.html: no ${root}`);
    // For the head's script (www/page.html): a visit that differs from these is not the drawing's.
    const attribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const html = source
      .replace(root, () => `<html lang="en" data-default-search="${attribute(defaults.search)}" data-default-storage="${attribute(JSON.stringify(defaults.storage))}">`)
      .replace(body[0], () => `<body data-prerendered>\n${frame.body}\n<template id="page-source">\n${body[1]}</template>\n</body>`);
    writeFileSync(www('index.html'), html);
    return Buffer.byteLength(frame.body);
  } finally {
    await browser.close();
    await new Promise((ok) => server.close(ok));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await prerender();
  console.error(`www/index.html: the first result drawn in (${(bytes / 1000).toFixed(1)} kB)`);
}
