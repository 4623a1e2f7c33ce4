// Playing: the pace of the animation, the last move's mark and its explanation, hints in
// words, results from the player's side, the round pause, rematches, the phone layout, the
// page of an unknown game, watchers and presence online, Bengali digits. Screenshots go to
// output/ (see browser.mjs), to be looked at.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, OUT, DESKTOP, PHONE, useBrowser, newPage, openPage, pageTest, shotAndCheck, boardProblems, ply, waitPly, settled, gotoGame, chooseLanguage,
} from './browser.mjs';

useBrowser();

/** Creates a game through the API, keeps its seat in this browser as the home page does, and
 *  opens it. */
async function openGame(page, body) {
  if (!page.url().startsWith(BASE)) await page.goto(`${BASE}/rules`);
  const r = await page.evaluate(async (b) => {
    const a = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    const v = await a.json();
    const all = JSON.parse(localStorage.getItem('rajapasu.games') || '{}');
    all[v.id] = { token: v.token, seat: v.seat, kind: b.kind, created: v.game.created, invite: v.invite };
    localStorage.setItem('rajapasu.games', JSON.stringify(all));
    return v;
  }, body);
  await gotoGame(page, `/g/${r.id}`);
  return r;
}

// The pace is read from the schedule the page plans for each move (a late event takes less time
// on it, never more), not from the clock: a busy machine must not fail the test.
pageTest('a whole round against the computer at the default speed: no move is animated on a schedule longer than 4 s', { slow: true }, async (page) => {
  await openGame(page, { kind: 'computer', level: 1, side: 'south', mode: 'round' });
  assert.equal(await page.inputValue('#speed'), '3', 'the default speed');
  let moves = 0;
  let sawSowing = false;
  for (;;) {
    const status = await settled(page, 60000);
    if (status !== 'playing') break;
    const before = await ply(page);
    const holes = await page.$$('.hole.playable');
    // The first move is hole 1: twelve lifts, the longest move of the opening.
    const hole = moves === 0 ? await page.$('[data-hole="S1"]') : holes[moves % holes.length];
    await hole.click();
    if (!sawSowing) {
      await page.waitForFunction(() => document.getElementById('game').dataset.phase === 'sowing');
      assert.match(await page.textContent('#status'), /^You play hole \d…$/);
      sawSowing = true;
    }
    await waitPly(page, before + 1);
    moves++;
    assert.ok(moves < 300, 'the round ends');
  }
  const longest = Number(await page.getAttribute('#game', 'data-longest-animation'));
  assert.ok(longest > 500, `the moves were animated (${longest} ms)`);
  assert.ok(longest <= 4000, `the longest move was animated on a schedule of ${longest} ms`);
  // The result, from the player's side, and what to do next.
  const end = await page.textContent('#end-text');
  assert.match(end, /^(You win the round \d+ to \d+\.|The computer wins the round \d+ to \d+\.|The round is drawn)/);
  assert.equal(await page.textContent('#status'), end);
  for (const id of ['#play-again', '#rematch']) assert.ok(await page.isVisible(id), id);
  await page.screenshot({ path: `${OUT}/play-round-over.png`, fullPage: true });
});

pageTest('the last move is marked and explained until the next one', {}, async (page) => {
  await openGame(page, { kind: 'local', mode: 'round' });
  await page.click('[data-hole="S1"]');
  await waitPly(page, 1);
  await page.waitForSelector('[data-hole="S1"].last-origin');
  // The opening move 1 ends with a pussa capture of S5 and takes fours on the way.
  assert.ok(await page.$('[data-hole="S5"].last-capture'), 'the pussa capture is marked');
  const captured = await page.$$eval('.hole.last-capture', (h) => h.length);
  assert.ok(captured >= 2, `the fours are marked too (${captured})`);
  assert.ok(await page.isVisible('#explain'));
  assert.match(await page.textContent('#explain-title'), /^Move 1: South played hole 1$/);
  assert.match(await page.textContent('#explain-list li[data-event=pussa]'), /Pussa: South captures 3 from S5/);
  await page.screenshot({ path: `${OUT}/play-last-move.png` });
  // Collapsible: it folds and stays folded.
  await page.click('#explain-title');
  assert.equal(await page.evaluate(() => document.getElementById('explain').open), false);
  // The next move moves the mark.
  const next = await page.$eval('.hole.playable', (g) => g.dataset.hole);
  await page.click(`[data-hole="${next}"]`);
  await waitPly(page, 2);
  await page.waitForSelector(`[data-hole="${next}"].last-origin`);
  assert.equal(await page.$('[data-hole="S1"].last-origin'), null);
  assert.match(await page.textContent('#explain-title'), new RegExp(`^Move 2: North played hole ${next.slice(1)}$`));
  // Looking back shows the past position, with the status saying so, and no stale mark.
  await page.click('#move-list button >> nth=0');
  await page.waitForSelector('#replay-box:not([hidden])');
  assert.equal(await page.textContent('#status'), 'Viewing move 1 (North to move)');
  assert.equal(await page.$('.hole.last-origin'), null);
  await page.click('#back-live');
  await page.waitForSelector(`[data-hole="${next}"].last-origin`);
  // After a reload the mark is still there.
  await page.reload();
  await page.waitForSelector(`[data-hole="${next}"].last-origin`);
});

pageTest('a watcher looking back at a move that an undo takes away is brought back to the game', {}, async (page) => {
  const game = await openGame(page, { kind: 'local', mode: 'round' });
  for (const n of [1, 2]) {
    await settled(page);
    await page.click('.hole.playable >> nth=0');
    await waitPly(page, n);
  }
  await settled(page);
  const w = await openPage('/rules');
  await w.page.goto(`${BASE}/g/${game.id}`);
  await w.page.waitForSelector('#game[data-ply="2"]');
  await w.page.click('#move-list button >> nth=0');
  await w.page.waitForSelector('#game[data-phase="viewing"]');
  // The players take back both moves: the move looked at is gone.
  for (const n of [1, 0]) {
    await page.click('#undo');
    await page.waitForFunction((k) => document.getElementById('game').dataset.ply === String(k), n);
  }
  await w.page.waitForFunction(() => document.getElementById('game').dataset.ply === '0');
  await w.page.waitForSelector('#game[data-phase="idle"]');
  assert.equal(await w.page.isVisible('#replay-box'), false);
  assert.equal(await w.page.$$eval('#move-list button', (b) => b.length), 0);
  assert.deepEqual(await w.page.$$eval('.hole .count', (c) => c.map((e) => e.textContent)), Array(14).fill('7'));
  assert.equal(await w.page.$('.hole.last-origin'), null);
  await w.context.close();
});

pageTest('in the solved match the hint says what the round decides', {}, async (page) => {
  await openGame(page, { kind: 'local', mode: 'match' });
  await page.waitForSelector('.hole.playable');
  await page.click('#hint');
  await page.waitForSelector('#hint-text[data-ply="0"]');
  // Every round start of the canonical match is won by one player: the counters South holds
  // after the round decide it (docs/SOLVING.md, section 7.5).
  assert.match(await page.textContent('#hint-text'), /This round decides the match with best play: with \d+ counters or more after it you stay in and win it, whoever leads the next round \(proven\)\.$/);
});

pageTest('a hint in words, gone after undo, and a late answer is never shown', {}, async (page) => {
  await openGame(page, { kind: 'local', mode: 'round' });
  await page.click('[data-hole="S3"]');
  await waitPly(page, 1);
  await page.waitForSelector('.hole.playable');
  await page.click('#hint');
  await page.waitForSelector('#hint-text[data-ply="1"]');
  const text = await page.textContent('#hint-text');
  assert.match(text, /^Best: hole \d\. (About \d+ counters (ahead|behind)|About level|You (win|lose) the round by \d+.*\(proven\)|A (winning|losing) )/);
  assert.doesNotMatch(text, /score|-?\d{3,}/, 'no engine units');
  const best = text.match(/hole (\d)/)[1];
  assert.ok(await page.$(`[data-hole="N${best}"].hint`), 'the hole is marked');
  // The sound is off until switched on, and the choice is remembered.
  assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'false');
  await page.click('#sound');
  assert.equal(await page.textContent('#sound'), 'Sound: on');
  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('game').dataset.ply === '0');
  assert.equal(await page.textContent('#hint-text'), '');
  assert.equal(await page.$('.hole.hint'), null);
  // A hint asked for, then a move before it comes: the answer is for a position that passed.
  await page.waitForSelector('.hole.playable');
  await page.click('#hint');
  await page.click('[data-hole="S2"]');
  await waitPly(page, 1);
  // A wait for nothing to happen (no event would tell): on a slow machine it can only let the
  // check pass, never fail it.
  await page.waitForTimeout(1500);
  assert.equal(await page.textContent('#hint-text'), '');
  // The speed is remembered too.
  await page.$eval('#speed', (r) => {
    r.value = '5';
    r.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.reload();
  await page.waitForSelector('#game[data-status]');
  assert.equal(await page.inputValue('#speed'), '5');
  assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'true');
  await page.click('#sound');
  assert.equal(await page.textContent('#sound'), 'Sound: off');
});

pageTest('a proven hint says by how much the round is won', {}, async (page) => {
  // Example 6 of the rules as a single round: hole 6 wins it 63 to 35, and the engine proves it.
  await openGame(page, { kind: 'local', mode: 'round', position: '0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35' });
  await page.waitForSelector('.hole.playable');
  await page.click('#hint');
  await page.waitForSelector('#hint-text[data-ply="0"]');
  assert.equal(await page.textContent('#hint-text'), 'Best: hole 6. You win the round by 28 (proven).');
});

pageTest('a match waits at the end of a round until the player opens the next', {}, async (page) => {
  // Example 6 of the rules: South's move 6 ends round 1, and the refill starts round 2.
  await openGame(page, { kind: 'computer', level: 1, side: 'south', mode: 'match', position: '0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35' });
  await page.click('[data-hole="S6"]');
  await page.waitForSelector('#next-round');
  assert.match(await page.textContent('#round-summary'), /You win the round 63 to 35\./);
  assert.match(await page.textContent('#status'), /The round is over/);
  // While it waits, nothing can be played, and the computer's first move of round 2 waits too.
  // A wait for nothing to happen (no event would tell): on a slow machine it can only let the
  // check pass, never fail it.
  await page.waitForTimeout(1500);
  assert.equal(await page.$('.hole.playable'), null);
  assert.equal(await page.getAttribute('#game', 'data-phase'), 'paused');
  await page.screenshot({ path: `${OUT}/play-round-pause.png` });
  // A reload at that moment shows the same pause: the board as the round left it, the summary.
  await page.reload();
  await page.waitForSelector('#next-round');
  assert.match(await page.textContent('#round-summary'), /You win the round 63 to 35\./);
  assert.equal(await page.getAttribute('#game', 'data-phase'), 'paused');
  assert.match(await page.textContent('#status'), /The round is over/);
  const left = await page.$$eval('.hole .count', (c) => c.map((x) => x.textContent));
  assert.ok(left.every((c) => c === '0' || c === ''), `the holes are empty until the next round (${left})`);
  assert.equal(await page.$('.hole.playable'), null);
  await page.click('#next-round');
  await page.waitForSelector('#round-summary', { state: 'hidden' });
  await settled(page);
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Round 2 · your move');
  // Opened, the round stays open after another reload.
  await page.reload();
  await settled(page);
  assert.equal(await page.isVisible('#round-summary'), false);
});

pageTest('the computer leads the next round: its first move waits for the player, after a reload too', {}, async (page) => {
  // Example 6 with the computer South: its only move S6 ends round 1, and it leads round 2.
  const game = await openGame(page, { kind: 'computer', level: 1, side: 'north', mode: 'match', position: '0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35' });
  await page.waitForSelector('#next-round');
  const summary = await page.textContent('#round-summary');
  assert.match(summary, /The computer wins the round 63 to 35\./);
  assert.match(summary, /The computer moves first\./);
  assert.doesNotMatch(summary, /South|North/);
  assert.match(await page.textContent('#explain-title'), /^Move 1: the computer played hole 6$/);
  assert.doesNotMatch(await page.textContent('#explain-list'), /South|North/);
  await page.reload();
  await page.waitForSelector('#next-round');
  assert.match(await page.textContent('#round-summary'), /The computer wins the round 63 to 35\./);
  const info = await page.evaluate(async (id) => (await (await fetch(`/api/games/${id}`)).json()), game.id);
  assert.equal(info.ply, 1, "the computer's first move of round 2 waits");
  assert.equal(info.between_rounds, true);
  await page.click('#next-round');
  await waitPly(page, 2);
  await settled(page);
  assert.match(await page.textContent('#status'), /^Round 2 · your move$/);
  assert.match(await page.textContent('#explain-title'), /^Move 2: the computer played hole \d$/);
  assert.doesNotMatch(await page.textContent('#explain-list'), /South|North/);
});

pageTest('an online match waits at a round end after a reload too', {}, async (page) => {
  await openGame(page, { kind: 'online', side: 'south', mode: 'match', position: '0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35' });
  await page.waitForSelector('.hole.playable');
  await page.click('[data-hole="S6"]');
  await page.waitForSelector('#next-round');
  await page.reload();
  await page.waitForSelector('#next-round');
  assert.match(await page.textContent('#round-summary'), /You win the round 63 to 35\./);
  await page.click('#next-round');
  await settled(page);
  assert.match(await page.textContent('#status'), /^Round 2 · your move/);
});

pageTest('a finished match: the result and what to do next, after a reload too', {}, async (page) => {
  // South's S6 ends the round with North holding 3 counters: too few to fill a hole (rule 10).
  await openGame(page, { kind: 'computer', level: 1, side: 'south', mode: 'match', position: '0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 92 3' });
  await page.click('[data-hole="S6"]');
  await page.waitForSelector('#end-box:not([hidden])');
  const check = async () => {
    assert.equal(await page.getAttribute('#game', 'data-status'), 'match_over');
    assert.equal(await page.textContent('#end-text'), 'You win the match.');
    assert.equal(await page.textContent('#status'), 'You win the match.');
    for (const id of ['#play-again', '#rematch', '#end-box a.button']) assert.ok(await page.isVisible(id), id);
    assert.equal(await page.isVisible('#round-summary'), false);
  };
  await check();
  await page.reload();
  await page.waitForSelector('#end-box:not([hidden])');
  await check();
});

pageTest('results and explanations speak of the player: you and the computer, never South or North', {}, async (page) => {
  // The player's own move, in an online game whose friend has not come yet (so that it stays
  // the last move): the opening move 1 ends with a pussa capture of S5.
  await openGame(page, { kind: 'online', side: 'south', mode: 'round' });
  await page.click('[data-hole="S1"]');
  await waitPly(page, 1);
  await page.waitForSelector('#explain:not([hidden])');
  assert.match(await page.textContent('#explain-title'), /^Move 1: you played hole 1$/);
  assert.match(await page.textContent('#explain-list li[data-event=pussa]'), /^Pussa: you capture 3 from S5\.$/);
  // The friend, who has given no name, is North; the player is never South.
  assert.match(await page.textContent('#explain-list'), /A four in N2 goes to North\./);
  assert.doesNotMatch(await page.textContent('#explain-list'), /South/);
  // Against the computer.
  await openGame(page, { kind: 'computer', level: 1, side: 'south', mode: 'round' });
  await page.click('[data-hole="S1"]');
  await waitPly(page, 2);
  await settled(page);
  assert.match(await page.textContent('#explain-title'), /^Move 2: the computer played hole \d$/);
  assert.doesNotMatch(await page.textContent('#explain-list'), /South|North/);
  // The screen reader heard the same.
  const said = await page.textContent('#announcer');
  assert.doesNotMatch(said, /South|North/);
  // Looking back at move 1: the computer was to move.
  await page.click('#move-list button >> nth=0');
  await page.waitForSelector('#replay-box:not([hidden])');
  assert.equal(await page.textContent('#status'), 'Viewing move 1 (the computer to move)');
  await page.click('#back-live');
  // One more move, then move 2 looked at: the player was to move.
  await page.click('.hole.playable >> nth=0');
  await waitPly(page, 3);
  await page.click('#move-list button >> nth=1');
  await page.waitForSelector('#replay-box:not([hidden])');
  assert.equal(await page.textContent('#status'), 'Viewing move 2 (your move)');
});

pageTest('resigning, then a rematch with the sides swapped', {}, async (page) => {
  const first = await openGame(page, { kind: 'computer', level: 1, side: 'south', mode: 'round' });
  await settled(page);
  // Resigning takes two clicks.
  await page.click('#resign');
  assert.equal(await page.textContent('#resign'), 'Really resign? Press again');
  await page.click('#resign');
  await page.waitForSelector('#end-box:not([hidden])');
  assert.equal(await page.textContent('#end-text'), 'You resigned: the game is lost.');
  assert.equal(await page.$('.hole.playable'), null);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith(first.id)), page.click('#rematch')]);
  await page.waitForSelector('#game[data-status]');
  const info = await page.evaluate(async () => (await (await fetch(`/api/games/${location.pathname.split('/')[2]}`)).json()));
  assert.equal(info.computer, 'south', 'the player now has North');
  // The computer opens; the player then moves.
  await settled(page);
  assert.match(await page.textContent('#status'), /your move/);
  assert.equal(await page.getAttribute('.pile-north', 'class'), 'pile pile-north');
});

const PHONE_PAGE = { lang: 'en-GB', viewport: PHONE, phone: true, slow: true };
pageTest('the phone layout at 390x844: the board upright, holes of 44 px or more, nothing overflowing', PHONE_PAGE, async (page) => {
  await openGame(page, { kind: 'computer', level: 1, side: 'south', mode: 'match' });
  await settled(page);
  await page.tap('[data-hole="S1"]');
  await waitPly(page, 2);
  await settled(page);
  const box = await page.$eval('#board', (b) => b.getBoundingClientRect().toJSON());
  assert.ok(box.height > box.width, 'the board stands upright');
  const pits = await page.$$eval('.hole .pit', (c) => c.map((x) => x.getBoundingClientRect().toJSON()));
  assert.equal(pits.length, 14);
  for (const p of pits) assert.ok(p.width >= 44 && p.height >= 44, `a hole of ${p.width} px`);
  // Two columns of seven.
  const columns = new Set(pits.map((p) => Math.round(p.x)));
  assert.equal(columns.size, 2);
  // The piles above and below the holes.
  const piles = await page.$$eval('.pile-bg', (r) => r.map((x) => x.getBoundingClientRect().toJSON()));
  const top = Math.min(...pits.map((p) => p.y));
  const bottom = Math.max(...pits.map((p) => p.y + p.height));
  assert.ok(piles.some((p) => p.y + p.height <= top) && piles.some((p) => p.y >= bottom));
  // The controls within a thumb's reach: on the first screen, below the board.
  const controls = await page.$eval('#hint', (b) => b.getBoundingClientRect().toJSON());
  assert.ok(controls.y + controls.height <= 844, `the controls at ${controls.y} px`);
  assert.equal(await page.isVisible('#keys-hint'), false, 'no keyboard hint on a touch screen');
  await shotAndCheck(page, 'play-phone');
});

test('names, hole names and pile texts clear of the board\'s border, on a phone and a desktop', async () => {
  for (const [tag, viewport, phone] of [['phone', PHONE, true], ['desktop', DESKTOP, false]]) {
    const { context, page } = await openPage('/rules', { lang: 'en-GB', viewport, phone });
    const check = (what) => shotAndCheck(page, `board-${tag}-${what}`);
    // Two players on one device, a move played.
    await openGame(page, { kind: 'local', mode: 'match' });
    await page.click('[data-hole="S3"]');
    await waitPly(page, 1);
    await settled(page);
    await check('local');
    // Online, both players named, the longest name there may be (24 characters).
    const game = await openGame(page, { kind: 'online', side: 'south', mode: 'match' });
    const long = 'Annabelle-Marie Fitzroyy';
    await page.fill('#name-input', long);
    await page.click('#name-form button');
    const friend = await newPage('en-GB', viewport, { phone });
    const other = friend.page;
    await gotoGame(other, game.invite);
    await other.fill('#name-input', 'Bartholomew');
    await other.click('#name-form button');
    await page.waitForFunction(() => document.getElementById('presence').textContent === 'Bartholomew is connected');
    await check('online');
    await other.waitForFunction(() => document.getElementById('presence').textContent.startsWith('Annabelle'));
    await other.screenshot({ path: `${OUT}/board-${tag}-online-friend.png`, fullPage: true });
    assert.deepEqual(await boardProblems(other), [], `${tag} online, the friend's page`);
    await friend.context.close();
    // The analysis board.
    await page.goto(`${BASE}/analysis`);
    await page.waitForSelector('#an-board .hole');
    await check('analysis');
    await context.close();
  }
});

pageTest('an unknown game: "Game not found" and a way to start one', { slow: true }, async (page) => {
  await page.goto(`${BASE}/g/nosuch`);
  await page.waitForSelector('#not-found:not([hidden])');
  assert.equal(await page.textContent('#not-found h1'), 'Game not found');
  assert.match(await page.textContent('#not-found-text'), /nosuch/);
  assert.equal(await page.getAttribute('#not-found a.button', 'href'), '/');
  assert.equal(await page.isVisible('#game'), false);
  const buttons = await page.$$eval('main button', (b) => b.filter((x) => x.offsetParent !== null).length);
  assert.equal(buttons, 0, 'no stray buttons');
  await page.screenshot({ path: `${OUT}/play-not-found.png` });
  // In Estonian too, and the switch translates it in place.
  await chooseLanguage(page, 'et');
  await page.waitForFunction(() => document.querySelector('#not-found h1').textContent === 'Mängu ei leitud');
});

test('online: names, presence, a watcher, resigning and a rematch the friend accepts', async () => {
  const a = await openPage('/rules');
  const game = await openGame(a.page, { kind: 'online', side: 'south', mode: 'round' });
  await a.page.waitForSelector('#presence:not([hidden])');
  assert.equal(await a.page.textContent('#presence'), 'The other seat is still free');
  // The creator may move before the friend joins (docs/API.md).
  assert.match(await a.page.textContent('#status'), /your move · your friend has not joined yet/);

  const b = await openPage('/rules');
  await gotoGame(b.page, game.invite);
  await a.page.waitForFunction(() => document.getElementById('presence').textContent === 'North is connected');
  await b.page.waitForFunction(() => document.getElementById('presence').textContent === 'South is connected');
  await b.page.fill('#name-input', 'Bea');
  await b.page.click('#name-form button');
  await a.page.waitForFunction(() => document.getElementById('presence').textContent === 'Bea is connected');

  // A watcher is told so, sees both players, and gets no key hints or buttons to play. This one
  // came through the used invitation: the server's error code is told in the page's words.
  const w = await openPage('/rules');
  await w.page.goto(`${BASE}${game.invite}`);
  await w.page.waitForSelector('#presence:not([hidden])');
  assert.equal(
    await w.page.textContent('#game-error'),
    'This invitation was already used: both seats are taken. You can watch the game.',
  );
  assert.match(await w.page.textContent('#presence'), /^You are watching · South is connected · Bea is connected$/);
  assert.equal(await w.page.isVisible('#keys-hint'), false);
  assert.equal(await w.page.isVisible('#resign'), false);
  assert.equal(await w.page.isVisible('#name-form'), false);
  await w.page.screenshot({ path: `${OUT}/play-watcher.png` });

  // Bea goes away: South's page says so.
  await b.page.goto(`${BASE}/rules`);
  await a.page.waitForFunction(() => document.getElementById('presence').textContent === 'Bea is not connected');
  await b.page.goto(`${BASE}/g/${game.id}`);
  await a.page.waitForFunction(() => document.getElementById('presence').textContent === 'Bea is connected');

  // South resigns; Bea offers a rematch, South accepts, and both go to it in the other seat.
  await a.page.click('#resign');
  await a.page.click('#resign');
  await b.page.waitForFunction(() => document.getElementById('end-text').textContent === 'South resigned: you win.');
  assert.equal(await w.page.textContent('#status'), 'South resigned: Bea wins.');
  await b.page.click('#rematch');
  await a.page.waitForFunction(() => document.getElementById('rematch').textContent === 'Accept the rematch offered by Bea');
  assert.equal(await b.page.textContent('#rematch'), 'Rematch offered: waiting for your friend');
  await Promise.all([
    a.page.waitForURL((u) => !u.pathname.endsWith(game.id)),
    b.page.waitForURL((u) => !u.pathname.endsWith(game.id)),
    w.page.waitForURL((u) => !u.pathname.endsWith(game.id)),
    a.page.click('#rematch'),
  ]);
  assert.equal(a.page.url(), b.page.url());
  await b.page.waitForSelector('.hole.playable');
  assert.match(await b.page.textContent('#status'), /your move/, 'Bea has South now and opens');
  await a.page.waitForSelector('#presence:not([hidden])');
  assert.match(await a.page.textContent('#status'), /waiting for Bea to move/);
  for (const p of [a, b, w]) await p.context.close();
});

pageTest('Bengali: every number on the game page in Bengali digits', { lang: 'bn-BD' }, async (page) => {
  await openGame(page, { kind: 'local', mode: 'match' });
  await page.click('[data-hole="S1"]');
  await waitPly(page, 1);
  await page.waitForSelector('.hole.playable');
  await page.click('#hint');
  await page.waitForSelector('#hint-text[data-ply="1"]');
  const texts = await page.evaluate(() => {
    const of = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent);
    return [...of('#status'), ...of('#scoreboard td'), ...of('.hole .count'), ...of('.pile-count'), ...of('#hint-text'), ...of('#explain-title')];
  });
  // Hole names (S1, N7) are notation and stay as in records (docs/GLOSSARY.md).
  const latin = texts.map((s) => s.replace(/\b[SN]\d\b/g, '')).filter((s) => /[0-9]/.test(s));
  assert.deepEqual(latin, []);
  assert.ok(texts.some((s) => /[০-৯]/.test(s)), 'Bengali digits are there');
  await page.screenshot({ path: `${OUT}/play-bn.png` });
});
