// Every text key the page uses exists in English and Simplified Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const www = new URL('../../www/', import.meta.url);
const read = (path) => readFileSync(new URL(path, www), 'utf8');

test('every UI text key has an English and a Chinese text', async () => {
  // The tables are plain data; load them without a browser.
  globalThis.document ??= { documentElement: {} };
  globalThis.navigator ??= { language: 'en' };
  const { LANGUAGES, hasText, setLanguage, t } = await import(new URL('js/i18n.js', www));
  assert.deepEqual(LANGUAGES, ['en', 'zh-CN']);
  const keys = new Set();
  for (const file of ['page.html', 'widget.js', ...readdirSync(new URL('js/', www)).map((f) => `js/${f}`)]) {
    const text = read(file);
    for (const m of text.matchAll(/data-i18n(?:-placeholder)?="([^"]+)"/g)) keys.add(m[1]);
    for (const m of text.matchAll(/\bt\('([^']+)'/g)) keys.add(m[1]);
  }
  for (const j of ['EU', 'US', 'CN', 'UK', 'other', 'unknown']) keys.add(`jurisdiction.${j}`);
  // The forms' labels and options come from the field table: every key it names has both texts.
  const { FIELDS } = await import(new URL('js/fields.js', www));
  for (const f of FIELDS) {
    keys.add(f.label);
    if (f.placeholderKey) keys.add(f.placeholderKey);
    for (const [, text] of f.options ?? []) if (/^[a-z]+[.A-Za-z0-9-]*\.[A-Za-z0-9-]+$|^any$/.test(text)) keys.add(text);
  }
  assert.ok(keys.size > 150, `${keys.size} keys found`);
  for (const lang of LANGUAGES) {
    const missing = [...keys].filter((k) => !hasText(lang, k));
    assert.deepEqual(missing, [], `${lang} lacks these texts`);
  }
  // Chinese texts differ from English ones except for names and symbols.
  setLanguage('zh-CN');
  assert.match(t('yourPrices'), /[\u4e00-\u9fff]/);
});
