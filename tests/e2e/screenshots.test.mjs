// Screenshots for the docs, written by the tests so they always show the page
// as it is: 1400 px and 360 px wide, English and Chinese, light and dark.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

const SCENARIO = 'v=1&w.kind=inference&w.model=llama-3.1-70b&w.mode=online&w.requestsPerSecond=20&w.ttftTargetMs=1000&w.itlTargetMs=50&w.precision=fp8&w.accelerator=H100';

for (const width of [1400, 360]) {
  for (const lang of ['en', 'zh-CN']) {
    test(`screenshots at ${width} px in ${lang}, light and dark`, async () => {
      for (const colorScheme of ['light', 'dark']) {
        const { page, problems } = await openPage(session, `/?${SCENARIO}&lang=${lang}`,
          { viewport: { width, height: width > 800 ? 1000 : 800 }, colorScheme });
        await page.waitForSelector('#candidates tbody tr');
        const out = new URL(`../../docs/screenshot-${width}-${lang}-${colorScheme}.png`, import.meta.url).pathname;
        await page.screenshot({ path: out });
        assert.ok(statSync(out).size > 20000, `${out} has content`);
        if (lang === 'zh-CN') {
          // The Chinese labels are drawn with a CJK font, not boxes: the label is as wide as its glyphs need.
          const width = await page.evaluate(() => document.querySelector('label[for="w-kind"]').getBoundingClientRect().width);
          assert.ok(width > 20, `label width ${width}`);
        }
        assert.deepEqual(problems, []);
        await page.context().close();
      }
    });
  }
}
