// The message catalogs: every catalog has exactly the English keys (none missing, none extra,
// none twice), the same {placeholders} in every message, no empty message; every catalog is in
// the language switch and embedded in the server. Needs no browser and no server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, ROOT), 'utf8');
const CODES = readdirSync(new URL('web/i18n/', ROOT))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();
const text = Object.fromEntries(CODES.map((c) => [c, read(`web/i18n/${c}.json`)]));
const catalog = Object.fromEntries(CODES.map((c) => [c, JSON.parse(text[c])]));
const english = catalog.en;
const placeholders = (s) => (s.match(/\{\w+\}/g) || []).sort();
/** A message's form for an amount (i18n.js, t): `key#category`, one of the language's plural
 *  categories; a catalog has the forms its language needs, and only of English keys. */
const pluralForm = (code, key) => {
  const [base, category, ...rest] = key.split('#');
  return category !== undefined && !rest.length && base in english && new Intl.PluralRules(code).resolvedOptions().pluralCategories.includes(category) ? base : null;
};

test('the catalogs are en, bn, et, si and ta at least', () => {
  for (const code of ['en', 'bn', 'et', 'si', 'ta']) assert.ok(CODES.includes(code), `web/i18n/${code}.json`);
});

for (const code of CODES) {
  test(`catalog ${code} has exactly the English keys`, () => {
    const keys = Object.keys(catalog[code]);
    const missing = Object.keys(english).filter((k) => !(k in catalog[code]) && !pluralForm('en', k));
    const extra = keys.filter((k) => !(k in english) && !pluralForm(code, k));
    const strayForms = keys.filter((k) => k.includes('#') && !pluralForm(code, k));
    assert.deepEqual(strayForms, [], 'plural forms of no English key, or of no category of the language');
    assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
    // JSON.parse keeps the last of two equal keys without a word: count them in the text.
    const written = [...text[code].matchAll(/^\s*("(?:[^"\\]|\\.)*")\s*:/gm)].map((m) => JSON.parse(m[1]));
    const twice = written.filter((k, i) => written.indexOf(k) !== i);
    assert.deepEqual(twice, [], 'keys written twice');
  });

  test(`catalog ${code} has the English placeholders and no empty message`, () => {
    for (const [key, message] of Object.entries(catalog[code])) {
      const en = english[pluralForm(code, key) ?? key];
      if (en === undefined) continue;
      assert.equal(typeof message, 'string', key);
      assert.ok(message.trim() !== '', `${key} is empty`);
      assert.deepEqual(placeholders(message), placeholders(en), `placeholders of ${key}`);
    }
  });
}

test('every catalog is in the language switch and embedded in the server, and only those', () => {
  const switched = [...read('web/js/i18n.js').matchAll(/\{ code: '([a-z-]+)'/g)].map((m) => m[1]).sort();
  assert.deepEqual(switched, CODES, 'LANGUAGES in web/js/i18n.js');
  const embedded = [...read('crates/server/src/assets.rs').matchAll(/"i18n\/([a-z-]+)\.json"/g)].map((m) => m[1]).sort();
  assert.deepEqual(embedded, CODES, 'FILES in crates/server/src/assets.rs');
});
