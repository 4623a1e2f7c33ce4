// Every state of a hole shown at once (docs/PAGE.md, "The holes' states"): a hole that the last
// move captured and then filled again, now playable and focused by the keyboard, shows the
// capture's ring, the playable cue and the focus ring together, in Raja Pasu and in Mandiri,
// read from the computed styles. Screenshots go to target/screens/.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { DESKTOP, PHONE, useBrowser, pageTest, MANDIRI, createMandiri, waitPly, ply, localRoundAfterS3 } from './browser.mjs';

useBrowser();

const SHOTS = new URL('../../target/screens/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

/** The styles of hole `name` that show its states: the ring, the pit's colour and glow, the
 *  pointer and the outline. */
const look = (page, name) =>
  page.$eval(`#board [data-hole="${name}"]`, (g) => {
    const pit = getComputedStyle(g.querySelector('.pit'));
    const hole = getComputedStyle(g);
    return {
      classes: g.getAttribute('class'),
      stroke: pit.stroke,
      dash: pit.strokeDasharray,
      fill: pit.fill,
      filter: pit.filter,
      cursor: hole.cursor,
      outline: `${hole.outlineStyle} ${hole.outlineWidth}`,
    };
  });

/** Moves the keyboard's focus to hole `name` with Tab, as a keyboard player does. */
async function tabTo(page, name) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((n) => document.activeElement?.dataset?.hole === n, name)) return;
  }
  assert.fail(`Tab never reached ${name}`);
}

/** Checks that `name` shows every one of its states, against `plain`, a hole with none of them. */
async function checkAllStates(page, name, plain, shot) {
  await tabTo(page, name);
  await page.screenshot({ path: `${SHOTS}/${shot}.png` });
  const h = await look(page, name);
  const p = await look(page, plain);
  assert.match(h.classes, /last-capture/);
  assert.match(h.classes, /playable/);
  // Captured: the red dashed ring.
  assert.equal(h.stroke, 'rgb(255, 107, 90)', 'the capture ring');
  assert.notEqual(h.dash, 'none', 'dashed');
  // Playable: another colour of the pit, the gold glow and the pointer.
  assert.notEqual(h.fill, p.fill, 'the playable pit');
  assert.match(h.filter, /drop-shadow/, 'the playable glow');
  assert.equal(h.cursor, 'pointer');
  // Focused: the outline.
  assert.match(h.outline, /^solid [1-9]/, 'the focus ring');
  assert.equal(p.outline.split(' ')[0], 'none');
}

pageTest('Raja Pasu: a hole captured and filled again by the last move shows the capture, that it is playable and the focus at once', { path: '/', lang: 'en-GB', viewport: DESKTOP }, async (page) => {
  // A game on this device: the page plays both sides. South's S3 from the start takes a four
  // at N4 and sows on into it: N4 is North's to play.
  await localRoundAfterS3(page);
  await page.waitForSelector('#board .hole.playable.last-capture[data-hole="N4"]');
  // The focus comes from the keyboard (not a click), as :focus-visible asks.
  await page.focus('#resign');
  await checkAllStates(page, 'N4', 'N2', 'hole-states-raja-pasu');
});

pageTest('Mandiri: a hole captured and filled again by the last move shows the capture, that it is playable and the focus at once', { ...MANDIRI, viewport: PHONE }, async (page) => {
  await createMandiri(page, { kind: 'local', mode: 'round' });
  // The page plays the three seats: the moves go on until one captures a hole and fills it
  // again, for the next player to play.
  let found = null;
  for (let moves = 0; moves < 60 && !found; moves++) {
    await page.waitForSelector('#board .hole.playable');
    const holes = await page.$$eval('#board .hole.playable', (h) => h.map((e) => e.dataset.hole));
    const before = await ply(page);
    await page.click(`#board [data-hole="${holes[(moves * 3) % holes.length]}"]`);
    await waitPly(page, before + 1);
    await page.waitForFunction(() => document.getElementById('game').dataset.phase === 'idle' || document.getElementById('game').dataset.status !== 'playing');
    found = await page.evaluate(() => document.querySelector('#board .hole.playable.last-capture')?.dataset.hole ?? null);
  }
  assert.ok(found, 'a move captures a hole and fills it again');
  const plain = await page.evaluate(() => [...document.querySelectorAll('#board .hole')].find((h) => !/playable|last-|closed/.test(h.getAttribute('class'))).dataset.hole);
  await page.focus('#resign');
  await checkAllStates(page, found, plain, 'hole-states-mandiri');
});
