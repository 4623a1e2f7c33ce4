// The home page's one-click game against the computer, and the tutorial completed by clicks at
// a desktop and a phone size; the tutorial and the analysis board in every language with
// nothing overflowing. Screenshots go to output/ (see browser.mjs), to be looked at.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, REGION, LANGS, useBrowser, pageTest, shotAndCheck } from './browser.mjs';

/** Each lesson: the one hole the learner may play, the events its move must show, and what
 *  its explanation must say, numbers read from the engine's trace. */
const LESSONS = [
  { key: 'sow', hole: 'S2', events: ['lift', 'no_capture'], says: /S3, S4, S5/ },
  { key: 'relay', hole: 'S1', events: ['lift', 'lift', 'no_capture'], says: /a relay/ },
  { key: 'four', hole: 'S6', events: ['lift', 'four', 'four', 'no_capture'], says: /four in N1 is North's/ },
  { key: 'pussa', hole: 'S5', events: ['lift', 'pussa'], says: /took 5 counters from N2/ },
  { key: 'end', hole: 'S6', events: ['lift', 'pussa', 'round_end', 'refill'], says: /won the round 54 to 44.*only 6 holes/ },
  { key: 'closed', hole: 'S6', events: ['lift', 'pussa'], says: /skipped N1 and N2.*5 counters of N5/ },
];

useBrowser();

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  const home = { path: '/', lang: 'en-GB', viewport, slow: true };
  pageTest(`the home page's one click starts a round against the computer (${size})`, home, async (page) => {
    await page.waitForSelector('#home-board .hole');
    // The board shows the start: seven counters in every hole, named for screen readers.
    const counts = await page.$$eval('#home-board .hole .count', (c) => c.map((e) => e.textContent));
    assert.deepEqual(counts, Array(14).fill('7'));
    assert.match(await page.getAttribute('#home-board', 'aria-label'), /start of a game/);
    assert.match(await page.getAttribute('#home-board [data-hole="S1"]', 'aria-label'), /South hole 1: 7 counters/);
    assert.equal(await page.getAttribute('#learn-link', 'href'), '/learn');
    assert.equal(await page.getAttribute('#analysis-link', 'href'), '/analysis');
    await shotAndCheck(page, `home-quick-${size}`);
    const meta = await (await fetch(`${BASE}/api/meta`)).json();
    await Promise.all([page.waitForURL(/\/g\//), page.click('#quick-play')]);
    await page.waitForSelector('#game[data-status="playing"]');
    const id = new URL(page.url()).pathname.split('/')[2];
    const game = await (await fetch(`${BASE}/api/games/${id}`)).json();
    assert.equal(game.kind, 'computer');
    assert.equal(game.level, meta.default_level);
    assert.equal(game.computer, 'north');
    assert.equal(game.view.rules, 'canonical/mode=round');
    // South moves first: the player can move at once.
    await page.waitForSelector('.hole.playable');
  });

  pageTest(`the tutorial, completed by clicks (${size})`, { path: '/rules', lang: 'en-GB', viewport }, async (page) => {
    // The rules page leads to the tutorial.
    await Promise.all([page.waitForURL(/\/learn/), page.click('main #learn-link')]);
    await page.evaluate(() => localStorage.removeItem('rajapasu.learn'));
    for (const [i, lesson] of LESSONS.entries()) {
      await page.waitForSelector(`#learn[data-step="${lesson.key}"][data-state="ready"] .hole.playable`);
      assert.match(await page.textContent('#learn-title'), new RegExp(`^Lesson ${i + 1} of 6: `));
      // Only the lesson's move can be played, and it is named for screen readers.
      const playable = await page.$$eval('#learn-board .hole.playable', (h) => h.map((e) => e.dataset.hole));
      assert.deepEqual(playable, [lesson.hole]);
      assert.match(await page.getAttribute(`[data-hole="${lesson.hole}"]`, 'aria-label'), /^South hole \d: (1 counter|\d+ counters)$/);
      assert.equal(await page.isVisible('#learn-next'), false);
      await page.click(`#learn-board [data-hole="${lesson.hole}"]`);
      await page.waitForSelector('#learn[data-state="played"]');
      assert.match(await page.textContent('#learn-why-text'), lesson.says);
      // The steps are the engine's trace, told in words.
      const trace = await page.evaluate(async (l) => {
        const { LESSONS: all } = await import('/assets/js/learn.js');
        const x = all.find((y) => y.key === l);
        const r = await fetch('/api/trace', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ position: x.position, move: x.move }) });
        return (await r.json()).events.filter((e) => e.event !== 'drop').map((e) => e.event);
      }, lesson.key);
      assert.deepEqual(trace, lesson.events);
      const steps = await page.$$eval('#learn-log li', (li) => li.length);
      assert.ok(steps >= lesson.events.length, `${lesson.key}: ${steps} steps`);
      if (lesson.key === 'pussa' || lesson.key === 'end') {
        await page.click('#learn-why summary');
        await shotAndCheck(page, `learn-${lesson.key}-${size}`);
      }
      await page.click('#learn-next');
    }
    await page.waitForSelector('#learn-done:not([hidden])');
    await shotAndCheck(page, `learn-done-${size}`);
    const done = await page.$$eval('#learn-list button.done', (b) => b.length);
    assert.equal(done, LESSONS.length);
    // A reload keeps what was done.
    await page.reload();
    await page.waitForSelector('#learn-list button.done');
    assert.equal(await page.$$eval('#learn-list button.done', (b) => b.length), LESSONS.length);
  });
}

for (const code of LANGS) {
  for (const viewport of [DESKTOP, PHONE]) {
    const learn = { path: '/learn#end', lang: REGION[code] || code, viewport };
    pageTest(`the tutorial and the analysis board in ${code} at ${viewport.width} px`, learn, async (page) => {
      await page.reload();
      await page.waitForSelector('#learn[data-state="ready"] .hole.playable');
      assert.equal(await page.getAttribute('html', 'lang'), code);
      await page.click('#learn-board .hole.playable');
      await page.waitForSelector('#learn[data-state="played"]');
      await shotAndCheck(page, `learn-${code}-${viewport.width}`);
      if (code === 'bn') {
        // Bengali numbers in Bengali digits; only hole names keep Latin ones.
        const texts = await page.$$eval('#learn-list, #learn-title, #learn-goal, #learn-why-text', (e) => e.map((x) => x.textContent));
        for (const text of texts) assert.doesNotMatch(text.replace(/[SN]\d/g, ''), /[0-9]/, text);
        assert.match(texts[3], /৫৪/);
      }
      await page.evaluate(() => localStorage.setItem('rajapasu.analysisTime', '500'));
      await page.goto(`${BASE}/analysis`);
      await page.waitForSelector('#analysis[data-state="ready"] #an-table tbody tr[data-move]');
      await shotAndCheck(page, `analysis-${code}-${viewport.width}`);
      if (code === 'bn') {
        const values = await page.$$eval('#an-table .an-value, #an-depth', (e) => e.map((x) => x.textContent));
        for (const text of values) assert.doesNotMatch(text, /[0-9]/, text);
      }
      await page.click('#an-edit');
      await shotAndCheck(page, `analysis-setup-${code}-${viewport.width}`);
    });
  }
}
