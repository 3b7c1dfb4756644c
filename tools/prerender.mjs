// The served page with its first result drawn in: `./build.sh build` writes
// www/index.html from the page's source, www/page.html, by opening that source
// in headless Chromium (the default example, nothing saved), once in English and
// once in Chinese, and keeping the page's own drawing of its first priced
// result, as the frame that shows it. A visitor then sees a priced answer as
// soon as the HTML is parsed, before any script has run; the page's script
// draws its own page from the source (kept in `<template id="page-source">`) in
// the task that draws its first result, so no frame shows an empty page
// between the two (www/js/take-over.js). The drawings are inert: nothing in
// them can be focused, typed into or clicked.
//
// Only a visitor who would see the default example gets a drawing, in the
// language the page would choose: the head's inline script (www/page.html)
// compares the visit with each language's default link and storage, written
// here on `<html>`, and names the drawing to show in `data-first-view`
// (www/style.css): none for a link to another scenario, a saved scenario or
// saved prices that differ from the default (nor without scripts: the page
// needs them, as its `<noscript>` says).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from '../tests/e2e/browser.mjs';
import { serve } from './serve.mjs';

const www = (path) => fileURLToPath(new URL(`../www/${path}`, import.meta.url));

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
      // What no one sees before the page takes over is left out: what follows the ranked
      // table (below the first screen: the page adds it below, moving nothing shown), a
      // closed panel's content, a hidden element's, a closed list's other choices.
      const below = '#recommend ~ *, .table-wrap:has(#candidates) ~ *, body > footer';
      for (const el of copy.querySelectorAll(`${below}, details:not([open]) > :not(summary), select option:not([selected])`)) el.remove();
      for (const el of copy.querySelectorAll('[hidden]')) el.replaceChildren();
      // Said once, outside the drawings, which are not shown without scripts.
      for (const el of copy.querySelectorAll('noscript')) el.remove();
      for (const part of copy.children) {
        part.setAttribute('inert', '');
        part.dataset.drawing = document.documentElement.lang;
      }
      window.__firstResultFrame = { body: copy.innerHTML, styled: copy.querySelectorAll('[style]').length };
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** The drawing of the first result in `locale`'s language, and what its first visit leaves behind. */
async function drawFirstResult(browser, url, locale) {
  const context = await browser.newContext({ locale, serviceWorkers: 'block', viewport: { width: 1400, height: 900 } });
  try {
    await context.addInitScript(keepFirstResultFrame);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60000 });
    const frame = await page.evaluate(() => window.__firstResultFrame);
    if (!frame) throw new Error(`${locale}: no first result was drawn`);
    if (problems.length) throw new Error(`${locale}: the page reported problems: ${problems.join('; ')}`);
    if (frame.styled) throw new Error(`${locale}: the drawing has style attributes, which the page's policy refuses: set styles through classes or SVG attributes`);
    // The default example's link and what the page keeps in storage (its `gpuplan.` keys), so
    // that a reload is the default too.
    await page.waitForFunction(() => location.search.length > 1, null, { timeout: 10000 });
    const visit = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      search: location.search,
      storage: Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('gpuplan.'))
        .map((k) => [k, localStorage.getItem(k)])),
    }));
    return { body: frame.body, ...visit };
  } finally {
    await context.close();
  }
}

/** Writes www/index.html; returns the bytes of the drawings. */
export async function prerender() {
  const source = readFileSync(www('page.html'), 'utf8');
  const body = /<body>\n([\s\S]*)<\/body>/.exec(source);
  if (!body) throw new Error('www/page.html: no <body> found');
  const noscript = /<noscript>[\s\S]*?<\/noscript>/.exec(body[1]);
  if (!noscript) throw new Error('www/page.html: no <noscript> found');
  const root = '<html lang="en">';
  if (!source.includes(root)) throw new Error(`www/page.html: no ${root}`);
  const server = await serve(www(''));
  const browser = await launch();
  try {
    const url = `http://127.0.0.1:${server.address().port}/page.html`;
    const drawings = [await drawFirstResult(browser, url, 'en-US'), await drawFirstResult(browser, url, 'zh-CN')];
    // For the head's script (www/page.html): each language's first visit; a visit that differs is not drawn.
    const defaults = Object.fromEntries(drawings.map(({ lang, search, storage }) => [lang, { search, storage }]));
    const attribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const drawn = drawings.map((d) => d.body).join('\n');
    const html = source
      .replace(root, () => `<html lang="en" data-defaults="${attribute(JSON.stringify(defaults))}">`)
      .replace(body[0], () => `<body data-prerendered>\n${noscript[0]}\n${drawn}\n<template id="page-source">\n${body[1]}</template>\n</body>`);
    writeFileSync(www('index.html'), html);
    return Buffer.byteLength(drawn);
  } finally {
    await browser.close();
    await new Promise((ok) => server.close(ok));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await prerender();
  console.error(`www/index.html: the first result drawn in, in English and Chinese (${(bytes / 1000).toFixed(1)} kB)`);
}
