// One spelling of each of the game's names in each language: every catalog keeps its own in
// its glossary (the keys `glossary.*`), the page's titles use it, and the other spellings once
// seen on the page occur in no message. Needs no browser and no server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const I18N = new URL('../../web/i18n/', import.meta.url);
const CODES = readdirSync(I18N).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
const catalog = (code) => JSON.parse(readFileSync(new URL(`${code}.json`, I18N), 'utf8'));

/** The spellings a language does not use (docs/GLOSSARY.md): Tamil's and Sinhala's second
 *  spellings of Raja Pasu and of Mandiri, and a Bengali one a translator could reach for. */
const NOT = {
  ta: ['ராஜா பாசு', 'மண்டிரி', 'மான்டிரி'],
  si: ['රජ පසු', 'මණ්ඩිරි', 'මන්ඩිරි'],
  bn: ['রাজা পসু', 'মান্দিরি', 'মণ্ডিরি'],
  en: ['Raja Paasu', 'Mandri'],
  et: ['Raja Paasu', 'Mandri'],
};

for (const code of CODES) {
  const messages = catalog(code);
  const rajaPasu = messages['glossary.rajaPasu'];
  const mandiri = messages['glossary.mandiri'];

  test(`catalog ${code}: its glossary names the games, and its titles use those names`, () => {
    assert.ok(rajaPasu && mandiri, 'glossary.rajaPasu and glossary.mandiri');
    assert.equal(messages['app.title'], rajaPasu);
    assert.ok(messages['m.title'].includes(rajaPasu) && messages['m.title'].includes(mandiri), messages['m.title']);
  });

  test(`catalog ${code}: no other spelling of the games' names`, () => {
    const found = [];
    for (const [key, text] of Object.entries(messages)) {
      for (const other of NOT[code] || []) if (text.includes(other)) found.push(`${key}: "${other}"`);
    }
    assert.deepEqual(found, []);
  });
}
