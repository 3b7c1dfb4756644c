// Screenshots a page of www/ for the docs:
//   node tools/screenshot.mjs OUT.png [PATH] [WIDTH] [HEIGHT] [CSS-SELECTOR]
// With a selector, only that element is captured.
import { startSession, openPage } from '../tests/e2e/browser.mjs';

const [out = 'docs/screenshot.png', path = '/', width = '1280', height = '900', selector] = process.argv.slice(2);
const session = await startSession();
try {
  const { page } = await openPage(session, path, { viewport: { width: Number(width), height: Number(height) } });
  if (selector) {
    await page.waitForSelector(`${selector} tbody tr`, { timeout: 15000 }).catch(() => {});
    await page.locator(selector).screenshot({ path: out });
  } else {
    await page.screenshot({ path: out });
  }
  console.log(`wrote ${out}`);
} finally {
  await session.close();
}
