// Screenshots a page of www/ for the docs: node tools/screenshot.mjs OUT.png [PATH] [WIDTH] [HEIGHT]
import { startSession, openPage } from '../tests/e2e/browser.mjs';

const [out = 'docs/screenshot.png', path = '/', width = '1280', height = '900'] = process.argv.slice(2);
const session = await startSession();
try {
  const { page } = await openPage(session, path, { viewport: { width: Number(width), height: Number(height) } });
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await session.close();
}
