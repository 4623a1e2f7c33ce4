// A whole 3+2 game on a phone, in Tamil and in Sinhala, as players would play it: Ann starts an
// online game on her computer and sends the link; her friend opens it on a phone and plays every
// move of the round by touch, the whole game on one screen (whose turn, both clocks, the board,
// resign and draw inside the window before every move, and nothing scrolled). At the end the
// phone offers the game's analysis, and its exported record says how the game ended. Screenshots
// go to target/screens/, to be looked at.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { BASE, DESKTOP, PHONE, REGION, useBrowser, openPage, gotoGame, firstScreenProblems, startOnline } from './browser.mjs';

useBrowser();

const SHOTS = new URL('../../target/screens/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

/** What a game page shows of the game: its status, moves played, whether a move is being shown,
 *  and the holes its player may play. */
const stateOf = (page) =>
  page.evaluate(() => {
    const g = document.getElementById('game');
    const playable = [...document.querySelectorAll('#board .hole.playable')].map((h) => h.dataset.hole);
    return { status: g.dataset.status, ply: Number(g.dataset.ply), phase: g.dataset.phase, playable };
  });

/** Waits (120 s at most) until one of `pages` may move, or the game is over on every page; returns
 *  the page to move, or null once the game is over. */
async function nextMover(pages) {
  const until = Date.now() + 120000;
  for (;;) {
    const states = await Promise.all(pages.map(stateOf));
    if (states.every((s) => s.status && s.status !== 'playing' && s.phase === 'idle')) return null;
    const k = states.findIndex((s) => s.status === 'playing' && s.phase === 'idle' && s.playable.length);
    if (k >= 0) return pages[k];
    if (Date.now() > until) throw new Error(`no page may move: ${JSON.stringify(states)}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** The hole a player picks at move `ply` among the `playable` ones: varied, so that the round
 *  runs long, and the same on every run. */
const pick = (playable, ply) => playable[(ply * 5 + 3) % playable.length];

/** Touches the hole `hole` of the phone where it is on the screen, as a finger would: no
 *  scrolling to it first. */
async function touch(phone, hole) {
  const at = await phone.evaluate((h) => {
    const r = document.querySelector(`#board .hole[data-hole="${h}"]`).getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, hole);
  await phone.touchscreen.tap(at.x, at.y);
}

for (const code of ['ta', 'si']) {
  test(`a whole 3+2 game played on a phone in ${code}, one screen, its end leading to its analysis and its record`, async () => {
    const computer = await openPage('/', { viewport: DESKTOP, lang: 'en-GB' });
    const friend = await openPage('/', { viewport: PHONE, phone: true, lang: REGION[code] });
    try {
      // Ann's computer: an online single round, 3 minutes and 2 seconds a move.
      const c = computer.page;
      const { id, invite } = await startOnline(c, { clock: '3+2', mode: 'round' });

      // The friend's phone, in the phone's language.
      const p = friend.page;
      await gotoGame(p, invite);
      await p.waitForFunction((lang) => document.documentElement.lang === lang, code);

      let moves = 0;
      let shown = false;
      for (let mover = await nextMover([c, p]); mover; mover = await nextMover([c, p])) {
        const { ply: before, playable } = await stateOf(mover);
        const hole = pick(playable, before);
        if (mover === p) {
          assert.deepEqual(await firstScreenProblems(p), [], `before the phone's move at ply ${before}`);
          assert.equal(await p.evaluate(() => window.scrollY), 0, `the phone scrolled, at ply ${before}`);
          if (!shown && before >= 10) {
            await p.screenshot({ path: `${SHOTS}whole-game-${code}-playing.png` });
            shown = true;
          }
          await touch(p, hole);
        } else {
          await c.click(`#board .hole.playable[data-hole="${hole}"]`);
        }
        await c.waitForFunction((k) => Number(document.getElementById('game').dataset.ply) > k, before, { timeout: 120000 });
        await p.waitForFunction((k) => Number(document.getElementById('game').dataset.ply) > k, before, { timeout: 120000 });
        moves += 1;
        assert.ok(moves < 1000, 'the round ends');
      }
      // The round was played out: far more moves than a few, each side's.
      assert.ok(moves >= 10, `${moves} moves`);

      // The end: the result in the end box, and the way to the game's analysis.
      await p.waitForSelector('#end-analyse:not([hidden])');
      await p.screenshot({ path: `${SHOTS}whole-game-${code}-over.png`, fullPage: true });
      // The record the phone exports says how the game ended, in the record's own words.
      const record = await p.evaluate(async () => (await fetch(document.getElementById('export-text').href)).text());
      assert.match(record, /\[Result "[^"*]+"\]/, record);
      assert.match(record, /\[Termination "[^"]+"\]/, record);
      console.log(`${code}: ${moves} moves; ${record.match(/\[Termination "[^"]+"\]/)[0]} ${record.match(/\[Result "[^"]+"\]/)[0]}`);
      // Its analysis: the analysis board takes the game's record, every move of it.
      const plies = Number(await p.getAttribute('#game', 'data-ply'));
      assert.equal(await p.getAttribute('#end-analyse', 'href'), `/analysis?game=${id}`);
      await p.click('#end-analyse');
      await p.waitForURL(/\/analysis\?rules=.*&moves=/);
      await p.waitForFunction(() => document.getElementById('analysis').dataset.state === 'ready', null, { timeout: 120000 });
      assert.equal(new URL(p.url()).searchParams.get('moves').split('.').length, plies);
      assert.equal(moves, plies);
      await p.screenshot({ path: `${SHOTS}whole-game-${code}-analysis.png`, fullPage: true });
    } finally {
      await computer.context.close();
      await friend.context.close();
    }
  });
}
