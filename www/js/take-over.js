// The served page (www/index.html, written at build time by tools/prerender.mjs)
// opens with the page's own drawings of the default example's first result
// (English and Chinese), inert, so a visitor sees a priced answer before any
// script has run.
import { afterNextFrame } from './frames.js';

/**
 * Puts the page's source (kept beside the drawings) in their place, for
 * the page to draw into. Where the drawing is on the screen, it is painted
 * first (the browser runs the page's script as soon as the HTML is parsed,
 * before any frame); the page then draws its first result in the task of the
 * swap, so no frame shows an empty page.
 */
export async function takeOver() {
  const source = document.getElementById('page-source');
  if (!source) return;
  // The drawing in the page's language is shown, or for another scenario only its header
  // (www/style.css), which has nothing to wait for.
  const shown = document.documentElement.dataset.firstView;
  if (shown && shown !== 'own') await afterNextFrame();
  document.body.replaceChildren(document.importNode(source.content, true));
  delete document.body.dataset.prerendered;
}
