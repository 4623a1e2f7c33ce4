// The page in every language of web/i18n: chosen from the browser's language and with the
// switch, the game page and the rules page at a desktop and a phone width, with nothing
// overflowing its box. Screenshots go to output/ (see browser.mjs), to be looked at.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REGION, LANGS, useBrowser, pageTest, catalog, layoutProblems, shotAndCheck, chooseLanguage } from './browser.mjs';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
// Example 6 of the rules: South's move 6 ends round 1, and the refill starts round 2.
const RECORD = '[Rules "canonical"]\n[Position "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35"]\n[Result "*"]\n\n*\n';
const EXAMPLES = ['ex1', 'ex2', 'ex3', 'ex4', 'ex5', 'ex6'];

useBrowser();

for (const code of LANGS) {
  const messages = catalog(code);
  for (const viewport of WIDTHS) {
    const at = `${code}-${viewport.width}`;

    pageTest(`the game page in ${code} at ${viewport.width} px`, { path: '/', lang: REGION[code] || code, viewport }, async (page) => {
      // The browser's language chooses the page's.
      await page.waitForFunction((h) => document.querySelector('h1').textContent === h, messages['home.heading']);
      assert.equal(await page.getAttribute('html', 'lang'), code);
      await page.check('input[name=kind][value=computer]');
      await shotAndCheck(page, `home-${at}`);
      await page.check('input[name=kind][value=local]');
      await page.click('#new-game summary');
      await page.fill('textarea[name=record]', RECORD);
      await Promise.all([page.waitForURL(/\/g\//), page.click('#start')]);
      await page.waitForSelector('.hole.playable[data-hole="S6"]');
      await page.click('[data-hole="S6"]');
      // The round's end: the summary, the scoreboard; a move of round 2, then a hint.
      // A match waits at the round's end until the next round is opened.
      await page.waitForSelector('#round-summary:not([hidden])');
      await page.waitForFunction(() => document.getElementById('game').dataset.ply === '1');
      await shotAndCheck(page, `round-end-${at}`);
      await page.click('#next-round');
      await page.click('.hole.playable');
      await page.waitForFunction(() => document.getElementById('game').dataset.ply === '2');
      await page.waitForSelector('.hole.playable');
      await page.click('#hint');
      await page.waitForSelector('#hint-text[data-ply="2"]');
      await shotAndCheck(page, `game-${at}`);
      await page.click('#move-list button >> nth=0');
      await page.waitForSelector('#replay-box:not([hidden])');
      assert.deepEqual(await layoutProblems(page), [], `${at}: looking back`);
    });

    pageTest(`the rules page in ${code} at ${viewport.width} px`, { path: '/rules', lang: 'en-GB', viewport, slow: true }, async (page) => {
      await page.waitForSelector('#ex6 .hole');
      // The switch offers the language and changes the page.
      await chooseLanguage(page, code);
      await page.waitForFunction((h) => document.querySelector('h1').textContent === h, messages['rules.title']);
      // Every worked example played, skipping the animation once it has started.
      for (const ex of EXAMPLES) {
        await page.click(`#${ex} .play-example`);
        await page.waitForSelector(`#${ex} .log li`);
        await page.click(`#${ex} .controls button >> nth=1`);
        await page.waitForSelector(`#${ex} p.small:last-child code`);
      }
      const told = await page.$$eval('.example .log li', (li) => li.map((l) => l.textContent));
      assert.ok(told.length > 0 && told.every((l) => l && !/[{}]/.test(l)), 'every step is told');
      await shotAndCheck(page, `rules-${at}`);
    });
  }
}
