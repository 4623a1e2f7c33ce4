// The Mandiri page's hints and rematches in the browser: a hint on one device (the button, the
// key H, the hole marked, the words, gone after a move), a hint against the computers (in
// Bengali too, with its digits), no hint online, play again after a resigned match against the
// computers, and an online rematch agreed by three players in three browsers, which a watcher
// follows too. Screenshots go to output/ (see browser.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  OUT, DESKTOP, PHONE, MANDIRI, useBrowser, pageTest, mandiriPage as page, layoutProblems, shotAndCheck, waitPly, gameId, playable,
  gotoGame, createMandiri as create,
} from './browser.mjs';

useBrowser();

const hinted = (pg) => pg.$$eval('#board .hole.hint', (h) => h.map((e) => e.dataset.hole));

/** Asks for a hint with the button and waits for its words; returns the hole. */
async function askHint(pg, press = () => pg.click('#hint')) {
  await pg.waitForSelector('#board .hole.playable');
  await pg.waitForSelector('#hint:not([hidden]):not([disabled])');
  await press();
  await pg.waitForSelector('#hint-text[data-hole]', { timeout: 60000 });
  return pg.getAttribute('#hint-text', 'data-hole');
}

/** Resigns with the two clicks; waits for the end box. */
async function resign(pg) {
  await pg.click('#resign');
  await pg.click('#resign');
  await pg.waitForSelector('#end-box:not([hidden])');
}

pageTest('a hint on one device: the button, the key H, the hole marked, the words, gone after a move', MANDIRI, async (pg) => {
  await create(pg, { kind: 'local', mode: 'round' });
  await pg.waitForSelector('#board .hole.playable');
  assert.equal(await pg.textContent('#hint'), 'Hint');
  assert.equal(await pg.getAttribute('#hint', 'title'), 'Hint (key H)');
  const legal = await playable(pg);
  // The button says that it searches, until the answer comes.
  const clicked = pg.click('#hint');
  await pg.waitForFunction(() => document.getElementById('hint').textContent === 'Thinking of a hint…');
  assert.equal(await pg.isDisabled('#hint'), true);
  await clicked;
  await pg.waitForSelector('#hint-text[data-hole]', { timeout: 60000 });
  const hole = await pg.getAttribute('#hint-text', 'data-hole');
  assert.ok(legal.includes(hole), `${hole} is one of the Raja's holes to play (${legal})`);
  assert.deepEqual(await hinted(pg), [hole]);
  assert.match(await pg.textContent('#hint-text'), new RegExp(`^Hint for Player 1 in the Raja's seat: ${hole}, worth about \\d+ counters to you\\.$`));
  assert.equal(await pg.textContent('#hint'), 'Hint');
  await pg.screenshot({ path: `${OUT}/mandiri-hint-first.png`, fullPage: true });
  // A move takes the hint away.
  await pg.click(`#board [data-hole="${hole}"]`);
  await waitPly(pg, 1);
  await pg.waitForSelector('#board .hole.playable');
  assert.equal(await pg.textContent('#hint-text'), '');
  assert.deepEqual(await hinted(pg), []);
  // The key H asks for the next player's.
  const next = await askHint(pg, () => pg.keyboard.press('h'));
  assert.ok((await playable(pg)).includes(next));
  assert.match(await pg.textContent('#hint-text'), new RegExp(`^Hint for Player 2 at the right end: ${next}, worth about \\d+ counters to you\\.$`));
  assert.deepEqual(await hinted(pg), [next]);
  // Looking back at an earlier move shows no hint; back at the game it is there again.
  await pg.click(`#board [data-hole="${next}"]`);
  await waitPly(pg, 2);
  const third = await askHint(pg);
  assert.match(await pg.textContent('#hint-text'), /^Hint for Player 3 at the left end: /);
  await pg.click('#move-list button[data-ply="1"]');
  await pg.waitForSelector('#game[data-phase="viewing"]');
  assert.deepEqual(await hinted(pg), []);
  assert.equal(await pg.textContent('#hint-text'), '');
  await pg.click('#back-live');
  await pg.waitForSelector('#game[data-phase="idle"]');
  assert.deepEqual(await hinted(pg), [third]);
  // Undo takes it away.
  await pg.click('#undo');
  await pg.waitForFunction(() => document.getElementById('game').dataset.ply === '1');
  assert.equal(await pg.textContent('#hint-text'), '');
  assert.deepEqual(await hinted(pg), []);
});

test('a hint against the computers, in English and in Bengali', async () => {
  for (const [lang, words] of [
    ['en-GB', /^Hint for your move \(C\): ([SN][1-7]), worth about (\d+) counters to you\.$/],
    ['bn-BD', /^আপনার চালের \(C\) পরামর্শ: ([SN][1-7]), আপনার কাছে এর মূল্য প্রায় ([০-৯]+)টি গুটি।$/],
  ]) {
    const { context, page: pg } = await page(DESKTOP, lang);
    await create(pg, { kind: 'computer', level: 1, player: 1, mode: 'match' });
    const legal = await playable(pg);
    const hole = await askHint(pg);
    const m = words.exec(await pg.textContent('#hint-text'));
    assert.ok(m, `the hint's words in ${lang}: ${await pg.textContent('#hint-text')}`);
    assert.equal(m[1], hole);
    assert.ok(legal.includes(hole), `${hole} is the player's (${legal})`);
    assert.deepEqual(await hinted(pg), [hole]);
    // The hint is played: the computers answer, the hint is gone.
    await pg.click(`#board [data-hole="${hole}"]`);
    await waitPly(pg, 3, 60000);
    await pg.waitForSelector('#board .hole.playable', { timeout: 60000 });
    assert.equal(await pg.textContent('#hint-text'), '');
    assert.deepEqual(await hinted(pg), []);
    await context.close();
  }
});

test('no hint online, nor for a watcher', async () => {
  const a = await page();
  const id = await create(a.page, { kind: 'online', player: 1 });
  await a.page.waitForSelector('#invite-box:not([hidden])');
  assert.equal(await a.page.isVisible('#hint'), false);
  await a.page.keyboard.press('h');
  assert.equal(await a.page.textContent('#hint-text'), '');
  const w = await page();
  await gotoGame(w.page, `/m/${id}`);
  assert.equal(await w.page.isVisible('#hint'), false);
  // A watcher of a game against the computers has no hint either.
  const c = await page();
  const cid = await create(c.page, { kind: 'computer', level: 1 });
  await gotoGame(w.page, `/m/${cid}`);
  assert.equal(await w.page.isVisible('#hint'), false);
  assert.equal(await c.page.isVisible('#hint'), true);
  for (const p of [a, w, c]) await p.context.close();
});

pageTest('play again after a resigned match against the computers: the person is the next lower player', MANDIRI, async (pg) => {
  const old = await create(pg, { kind: 'computer', level: 1, player: 1, mode: 'match' });
  await pg.waitForSelector('#board .hole.playable');
  await resign(pg);
  assert.equal(await pg.isVisible('#hint'), false);
  assert.equal(await pg.textContent('#rematch'), 'Play again');
  await pg.screenshot({ path: `${OUT}/mandiri-play-again-desktop.png`, fullPage: true });
  assert.deepEqual(await layoutProblems(pg), []);
  await Promise.all([pg.waitForURL((u) => /^\/m\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith(`/${old}`)), pg.click('#rematch')]);
  await pg.waitForSelector('#game[data-status]');
  const id = gameId(pg);
  assert.notEqual(id, old);
  const saved = await pg.evaluate(() => JSON.parse(localStorage.getItem('rajapasu.mandiri')));
  assert.deepEqual(saved[id].players, [3]);
  assert.equal(saved[id].kind, 'computer');
  assert.match(await pg.textContent('#player-list li[data-player="3"]'), /^L Player 3 \(you\) · Left end/);
  assert.match(await pg.textContent('#player-list li[data-player="1"]'), /Computer/);
  // The computers (the Raja, then the right end) move first; then the person, with a hint.
  await pg.waitForSelector('#board .hole.playable', { timeout: 60000 });
  assert.equal(await pg.textContent('#status'), 'Round 1 · your move (Left end)');
  const hole = await askHint(pg);
  assert.match(await pg.textContent('#hint-text'), new RegExp(`^Hint for your move \\(L\\): ${hole},`));
});

test('an online rematch: three offers in three browsers, every page on the new game with its seat', async () => {
  const a = await page();
  const old = await create(a.page, { kind: 'online', player: 1, mode: 'round' });
  await a.page.waitForSelector('#invite-box:not([hidden])');
  const links = await a.page.$$eval('#invite-list .invite-link', (i) => i.map((e) => e.value));
  const players = [a];
  for (const link of links) {
    const f = await page();
    await gotoGame(f.page, link);
    players.push(f);
  }
  const watcher = await page();
  await gotoGame(watcher.page, `/m/${old}`);
  const [p1, p2, p3] = players.map((p) => p.page);
  await p1.waitForSelector('#board .hole.playable');
  // A move, then player 2 resigns: the match is over on every page.
  await p1.click('#board [data-hole="S4"]');
  await waitPly(p2, 1);
  await p2.waitForSelector('#board .hole.playable');
  await resign(p2);
  for (const p of [p1, p3, watcher.page]) await p.waitForSelector('#end-box:not([hidden])');
  assert.equal(await watcher.page.isVisible('#rematch'), false, 'a watcher offers nothing');
  const text = (p) => p.textContent('#rematch');
  assert.equal(await text(p1), 'Offer a rematch');
  // The first offer.
  await p1.click('#rematch');
  await p1.waitForFunction(() => document.getElementById('rematch').dataset.offers === '1');
  assert.equal(await text(p1), 'Rematch offered: waiting for 2 more players');
  assert.equal(await p1.isDisabled('#rematch'), true);
  await (await p1.$('#end-box')).screenshot({ path: `${OUT}/mandiri-rematch-waiting.png` });
  await p2.waitForFunction(() => document.getElementById('rematch').dataset.offers === '1');
  assert.equal(await text(p2), 'Accept the rematch offered by Player 1');
  await p3.waitForFunction(() => document.getElementById('rematch').dataset.offers === '1');
  // The second.
  await p2.click('#rematch');
  for (const p of [p1, p2, p3]) await p.waitForFunction(() => document.getElementById('rematch').dataset.offers === '2');
  assert.equal(await text(p1), 'Rematch offered: waiting for 1 more player');
  assert.equal(await text(p2), 'Rematch offered: waiting for 1 more player');
  assert.equal(await text(p3), 'Accept the rematch offered by Player 1 and Player 2');
  await p3.screenshot({ path: `${OUT}/mandiri-rematch-offered-desktop.png`, fullPage: true });
  // Every page leaves the old game, once, for the same new one.
  const left = (p) => p.waitForURL((u) => /^\/m\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith(`/${old}`), { timeout: 60000 });
  const leaving = [p1, p2, p3, watcher.page].map(left);
  await p3.click('#rematch');
  await Promise.all(leaving);
  const id = gameId(p1);
  assert.notEqual(id, old);
  for (const p of [p2, p3, watcher.page]) assert.equal(gameId(p), id);
  for (const p of [p1, p2, p3, watcher.page]) await p.waitForSelector('#game[data-status="playing"]');
  // Each number one lower: player 2 is now player 1, the Raja, to move.
  const seat = (p) => p.evaluate((g) => JSON.parse(localStorage.getItem('rajapasu.mandiri'))[g], id);
  assert.deepEqual((await seat(p1)).players, [3]);
  assert.deepEqual((await seat(p2)).players, [1]);
  assert.deepEqual((await seat(p3)).players, [2]);
  await p2.waitForSelector('#board .hole.playable');
  assert.equal(await p2.textContent('#status'), 'Round 1 · your move (Raja)');
  for (const p of [p1, p3]) {
    await p.waitForFunction(() => /waiting for/.test(document.getElementById('status').textContent));
    assert.equal(await p.textContent('#status'), "Round 1 · waiting for Player 1 in the Raja's seat to move");
  }
  assert.equal(await watcher.page.textContent('#status'), "Round 1 · Player 1 in the Raja's seat to move");
  assert.equal(await p1.textContent('#board .store[data-seat="L"] .store-name'), 'Player 3 (you)');
  // No second navigation comes after the first. A wait for nothing to happen (no event would
  // tell): on a slow machine it can only let the check pass, never fail it.
  await p3.waitForTimeout(1500);
  for (const p of [p1, p2, p3, watcher.page]) assert.equal(gameId(p), id);
  // The new game plays: its Raja moves and every page sees it.
  await p2.click('#board [data-hole="S4"]');
  for (const p of [p1, p3, watcher.page]) await waitPly(p, 1);
  for (const p of [...players, watcher]) await p.context.close();
});

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  pageTest(`the hint and the end box at a ${size} size: nothing overlaps`, { ...MANDIRI, viewport }, async (pg) => {
    await create(pg, { kind: 'local', mode: 'match' });
    await askHint(pg);
    await shotAndCheck(pg, `mandiri-hint-${size}`);
    await resign(pg);
    assert.equal(await pg.textContent('#rematch'), 'Play again');
    await shotAndCheck(pg, `mandiri-end-${size}`);
  });
}
