// Raja Pasu Mandiri in the browser: a match against two computers from the new-game form to the
// second round and a reload, three players on one device (keys, undo, resign), an online game
// in three browsers, the rules page's section and the tutorial's part in every language, and
// the game page at a phone and a desktop size. Screenshots go to output/ (see browser.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, OUT, DESKTOP, PHONE, REGION, LANGS, MANDIRI, catalog, useBrowser, pageTest, mandiriPage as page,
  layoutProblems, boardProblems, shotAndCheck, ply, waitPly, settled, playable, gotoGame, toRoundEnd, openNextRound, createMandiri as create,
} from './browser.mjs';
/** The seat of each hole at the start (RULES.md 9.1), S1..S7 then N1..N7. */
const OWNERS = 'LLCCCRRRRCCCLL';
const HOLES = [...[1, 2, 3, 4, 5, 6, 7].map((k) => `S${k}`), ...[1, 2, 3, 4, 5, 6, 7].map((k) => `N${k}`)];

useBrowser();

/** The page shows no move being sown. */
const idle = (pg, timeout = 120000) =>
  pg.waitForFunction(() => document.getElementById('game').dataset.phase === 'idle', null, { timeout });

const counts = (pg) => pg.$$eval('#board .hole .count', (c) => c.map((e) => e.textContent));
/** The board's counts by hole, S1..S7 then N1..N7, as a view's `counts` (a closed hole null). */
const holeCounts = (pg) =>
  pg.$$eval('#board .hole', (h, holes) => {
    const by = Object.fromEntries(h.map((e) => [e.dataset.hole, e.querySelector('.count').textContent]));
    return holes.map((k) => (by[k] === '×' ? null : Number(by[k])));
  }, HOLES);
/** A game from the API, at the present or after the first `at` moves. */
async function game(id, at) {
  const r = await fetch(`${BASE}/api/mandiri/games/${id}${at === undefined ? '' : `?at=${at}`}`);
  assert.equal(r.status, 200);
  return r.json();
}

/** The texts among `texts` whose brackets nest, double or stand side by side: "((", "))",
 *  "Raja (Player 1 (you))", "Player 1 (you) (Raja)". */
function bracketProblems(texts) {
  return texts.filter((s) => {
    let depth = 0;
    for (const ch of s) {
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      if (depth > 1) return true;
    }
    return /\)\s*\(|\(\(|\)\)/.test(s);
  });
}

/** Every sentence the page tells of a move: the explanation's title and items, the status line. */
const moveTexts = (pg) =>
  pg.evaluate(() => [
    document.getElementById('explain-title').textContent,
    ...[...document.querySelectorAll('#explain-list li')].map((l) => l.textContent),
    document.getElementById('status').textContent,
  ]);

pageTest('the home page leads to the Mandiri page', { path: '/', lang: 'en-GB', viewport: DESKTOP, slow: true }, async (pg) => {
  await pg.waitForSelector('#home-board .hole');
  assert.equal(await pg.textContent('#mandiri-link'), 'Raja Pasu Mandiri — three players');
  await Promise.all([pg.waitForURL(/\/mandiri$/), pg.click('#mandiri-link')]);
  await pg.waitForSelector('#m-new-game');
  assert.equal(await pg.textContent('h1'), 'Play Raja Pasu Mandiri');
});

pageTest('a match against two computers: moves, the end of a round, its summary, the next round, a reload', MANDIRI, async (pg) => {
  const id = await create(pg, { kind: 'computer', level: 1, player: 1, mode: 'match' });
  // The board at the start: seven in every hole, each hole's seat by letter and in words.
  assert.deepEqual(await counts(pg), Array(14).fill('7'));
  const letters = await pg.$$eval('#board .hole', (h) => h.map((e) => `${e.dataset.hole}:${e.querySelector('.seat-letter').textContent}`));
  assert.deepEqual(letters.sort(), HOLES.map((h, i) => `${h}:${OWNERS[i]}`).sort());
  assert.equal(await pg.getAttribute('#board [data-hole="S4"]', 'aria-label'), 'S4, Raja: 7 counters');
  assert.equal(await pg.textContent('#board .store[data-seat="C"] .store-seat'), 'Raja · C');
  assert.equal(await pg.textContent('#board .store[data-seat="C"] .store-name'), 'Player 1 (you)');
  assert.equal(await pg.textContent('#board .store[data-seat="R"] .store-name'), 'Computer 2');
  // The Raja moves first: the player's six holes, and nothing else.
  await pg.waitForSelector('#board .hole.playable');
  assert.equal(await pg.textContent('#status'), 'Round 1 · your move (Raja)');
  assert.deepEqual((await playable(pg)).sort(), ['N3', 'N4', 'N5', 'S3', 'S4', 'S5']);
  assert.match(await pg.textContent('#player-list li[data-player="1"]'), /Player 1 \(you\) · Raja · ♛ Raja for round 1 of 3/);
  // A hole's name typed on the keyboard plays it.
  await pg.keyboard.press('s');
  await pg.keyboard.press('4');
  await waitPly(pg, 1);
  assert.equal(await pg.textContent('#explain-title'), "Move 1: Player 1 (you) in the Raja's seat played S4");
  assert.ok((await pg.$$('#explain-list li[data-event=four]')).length >= 1, 'the fours of the first move are told');
  // The computers answer on their own; the player moves until the first round ends.
  assert.equal(await toRoundEnd(pg), 'paused', 'a match stops between its rounds');
  const summary = await pg.textContent('#round-summary');
  assert.match(summary, /^End of the round/);
  assert.match(summary, /Round 1: .*(wins|share) the round\./);
  assert.match(summary, /The Raja's gift: Player 1 \(you\) gives 1 to /);
  assert.match(summary, /Round 2: the Raja fills \d holes, the right end \d, the left end \d/);
  assert.equal(await pg.textContent('#next-round'), 'Start round 2');
  assert.equal(await pg.textContent('#status'), 'The round is over: start the next one when you are ready.');
  assert.equal(await pg.$$eval('#scoreboard tbody tr', (r) => r.length), 1);
  await pg.screenshot({ path: `${OUT}/mandiri-round-summary.png`, fullPage: true });
  await openNextRound(pg);
  assert.equal(await pg.getAttribute('#game', 'data-round'), '2');
  await settled(pg);
  // A reload shows the same game: the board, the players, the scoreboard, the moves.
  const shown = { ply: await ply(pg), counts: await counts(pg), players: await pg.textContent('#player-list'), score: await pg.textContent('#scoreboard tbody') };
  const saved = await pg.evaluate(() => JSON.parse(localStorage.getItem('rajapasu.mandiri')));
  assert.ok(saved[id]?.token, 'the token is kept for the game');
  await pg.reload();
  await pg.waitForSelector('#game[data-status]');
  await settled(pg);
  assert.equal(await ply(pg), shown.ply);
  assert.deepEqual(await counts(pg), shown.counts);
  assert.equal(await pg.textContent('#player-list'), shown.players);
  assert.equal(await pg.textContent('#scoreboard tbody'), shown.score);
  assert.equal(await pg.$$eval('#move-list li:not(.round-head)', (l) => l.length), shown.ply);
  assert.equal(await pg.getAttribute('#export-text', 'href'), `/api/mandiri/games/${id}/record`);
});

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  pageTest(`looking back at move 1 (${size}): its counts, the banner, the move marked and told, no hole playable, then back to the game`, { ...MANDIRI, viewport }, async (pg) => {
    const id = await create(pg, { kind: 'computer', level: 1, player: 1, mode: 'match' });
    await pg.waitForSelector('#board .hole.playable');
    await pg.click('#board [data-hole="S4"]');
    // The two computers answer: the player is to move again at move 3.
    await waitPly(pg, 3);
    assert.equal(await settled(pg), 'playing');
    const now = await game(id);
    assert.equal(now.ply, 3);
    const live = await holeCounts(pg);
    assert.deepEqual(live, now.view.counts, 'the board shows the game');
    const listed = await pg.$$eval('#move-list button', (b) => b.map((e) => e.textContent));
    assert.equal(listed.length, 3);
    assert.equal(listed[0], '1. C S4');
    const one = await game(id, 1);
    assert.deepEqual(one.last_move.move, 'S4');
    // Move 1 in the list: the position after it.
    await pg.click('#move-list button[data-ply="1"]');
    await pg.waitForSelector('#game[data-phase="viewing"]');
    assert.deepEqual(await holeCounts(pg), one.view.counts, "the board shows ?at=1's counts");
    assert.notDeepEqual(one.view.counts, now.view.counts);
    assert.equal(await pg.isVisible('#replay-box'), true);
    assert.equal(await pg.textContent('#replay-text'), 'Showing the position after move 1 of 3.');
    assert.equal(await pg.textContent('#back-live'), 'Back to the game');
    assert.equal(await pg.textContent('#status'), 'Looking back at move 1');
    assert.equal(await pg.getAttribute('#move-list button[data-ply="1"]', 'aria-current'), 'true');
    // The move is marked where it was lifted, and told in words.
    assert.match(await pg.getAttribute('#board [data-hole="S4"]', 'class'), /\blast-origin\b/);
    assert.equal(await pg.textContent('#explain-title'), "Move 1: Player 1 (you) in the Raja's seat played S4");
    assert.ok((await pg.$$('#explain-list li[data-event=four]')).length >= 1, "move 1's fours are told");
    // Nothing can be played while looking back: no hole, no key, no undo, no resign.
    assert.deepEqual(await playable(pg), []);
    assert.equal(await pg.isDisabled('#undo'), true);
    assert.equal(await pg.isDisabled('#resign'), true);
    await pg.click('#board [data-hole="S3"]', { force: true });
    await pg.keyboard.press('s');
    await pg.keyboard.press('5');
    // A wait for nothing to happen (no event would tell): on a slow machine it can only let the
    // check pass, never fail it.
    await pg.waitForTimeout(300);
    assert.equal((await game(id)).ply, 3, 'no move was made');
    await shotAndCheck(pg, `mandiri-lookback-${size}`);
    // The sentences of the first moves name each player once, with no brackets in brackets.
    const texts = [];
    for (const n of [1, 2]) {
      await pg.click(`#move-list button[data-ply="${n}"]`);
      await pg.waitForFunction((k) => document.getElementById('explain-title').textContent.startsWith(`Move ${k}:`), n);
      texts.push(...(await moveTexts(pg)));
    }
    assert.deepEqual(bracketProblems(texts), []);
    // Move 2, then back to the game: the present counts, the last move told, the holes playable.
    await pg.click('#move-list button[data-ply="2"]');
    await pg.waitForFunction(() => document.getElementById('replay-text').textContent.includes('move 2 of'));
    assert.deepEqual(await holeCounts(pg), (await game(id, 2)).view.counts);
    assert.match(await pg.textContent('#explain-title'), /^Move 2: Computer 2 at the right end played [SN]\d$/);
    await pg.click('#back-live');
    await pg.waitForSelector('#board .hole.playable');
    assert.equal(await pg.isVisible('#replay-box'), false);
    assert.deepEqual(await holeCounts(pg), now.view.counts);
    assert.match(await pg.textContent('#explain-title'), /^Move 3: Computer 3 at the left end played [SN]\d$/);
    assert.equal(await pg.textContent('#status'), 'Round 1 · your move (Raja)');
    assert.equal(await pg.isDisabled('#undo'), false);
    // A reload in the middle of a round: the last move marked and told, as before it.
    const told = await pg.textContent('#explain-list');
    await pg.reload();
    await pg.waitForSelector('#board .hole.playable');
    await pg.waitForSelector('#explain:not([hidden])');
    assert.match(await pg.textContent('#explain-title'), /^Move 3: Computer 3 at the left end played [SN]\d$/);
    assert.equal(await pg.textContent('#explain-list'), told);
    assert.ok((await pg.$$('#board .hole.last-origin')).length === 1, 'the last move is marked after a reload');
  });
}

pageTest('a reload between rounds: the summary says what it said live (the gift, the refill), the last move marked and told', MANDIRI, async (pg) => {
  await create(pg, { kind: 'computer', level: 1, player: 1, mode: 'match' });
  assert.equal(await toRoundEnd(pg), 'paused');
  const paragraphs = () => pg.$$eval('#round-summary p', (p) => p.map((e) => e.textContent));
  const explained = () => pg.$$eval('#explain-list li', (l) => l.map((e) => e.textContent));
  const live = await paragraphs();
  assert.ok(live.some((p) => /^The Raja's gift: Player 1 \(you\) gives 1 to /.test(p)), `the gift, live: ${live.join(' | ')}`);
  assert.ok(live.some((p) => /^Round 2: the Raja fills \d holes, the right end \d, the left end \d/.test(p)), 'the refill, live');
  const title = await pg.textContent('#explain-title');
  const told = await explained();
  assert.ok(told.some((s) => s.startsWith('The round ends')), "the last move's events end the round");
  const board = await holeCounts(pg);
  assert.deepEqual(bracketProblems([...live, title, ...told]), []);
  await pg.reload();
  await pg.waitForSelector('#game[data-phase="paused"]');
  await pg.waitForSelector('#explain:not([hidden])');
  assert.deepEqual(await paragraphs(), live, 'the summary after a reload is the live one');
  assert.equal(await pg.textContent('#explain-title'), title);
  assert.deepEqual(await explained(), told);
  assert.deepEqual(await holeCounts(pg), board, 'the board as the round left it');
  assert.ok((await pg.$$('#board .hole.last-origin')).length === 1, 'the last move is marked');
  // Looking back while the summary waits: the summary steps aside, and comes back with the game.
  await pg.click('#move-list button[data-ply="1"]');
  await pg.waitForSelector('#game[data-phase="viewing"]');
  assert.equal(await pg.isVisible('#round-summary'), false);
  assert.match(await pg.textContent('#explain-title'), /^Move 1: Player 1 \(you\) in the Raja's seat played [SN]\d$/);
  await pg.click('#back-live');
  await pg.waitForSelector('#game[data-phase="paused"]');
  assert.deepEqual(await paragraphs(), live);
  assert.deepEqual(await holeCounts(pg), board);
  await openNextRound(pg);
  assert.equal(await pg.getAttribute('#game', 'data-round'), '2');
  assert.equal(await settled(pg), 'playing');
});

test('a watcher looks back while the game goes on: the moves keep coming, back to the game shows them', async () => {
  const a = await page();
  const id = await create(a.page, { kind: 'local', mode: 'match' });
  const playOne = async () => {
    await settled(a.page);
    const before = await ply(a.page);
    await a.page.click(`#board [data-hole="${(await playable(a.page))[0]}"]`);
    await waitPly(a.page, before + 1);
  };
  await playOne();
  await playOne();
  const w = await page();
  await gotoGame(w.page, `/m/${id}`);
  await w.page.waitForSelector('#explain:not([hidden])');
  assert.match(await w.page.textContent('#explain-title'), /^Move 2: Player 2 at the right end played [SN]\d$/);
  await w.page.click('#move-list button[data-ply="1"]');
  await w.page.waitForSelector('#game[data-phase="viewing"]');
  const one = (await game(id, 1)).view.counts;
  assert.deepEqual(await holeCounts(w.page), one);
  // Two more moves on the players' page: the watcher's page takes them in, and stays at move 1.
  await playOne();
  await playOne();
  await waitPly(w.page, 4);
  await w.page.waitForFunction(() => document.querySelectorAll('#move-list button').length === 4);
  assert.equal(await w.page.getAttribute('#game', 'data-phase'), 'viewing');
  assert.deepEqual(await holeCounts(w.page), one);
  assert.equal(await w.page.textContent('#replay-text'), 'Showing the position after move 1 of 4.');
  await w.page.click('#back-live');
  await idle(w.page);
  assert.deepEqual(await holeCounts(w.page), (await game(id)).view.counts);
  assert.deepEqual(await holeCounts(w.page), await holeCounts(a.page));
  assert.match(await w.page.textContent('#explain-title'), /^Move 4: Player 1 in the Raja's seat played [SN]\d$/);
  assert.ok((await w.page.$$('#board .hole.last-origin')).length === 1, 'the last move is marked');
  for (const p of [a, w]) await p.context.close();
});

pageTest('three players on one device: keys, each seat in turn, undo, resign', MANDIRI, async (pg) => {
  await create(pg, { kind: 'local', mode: 'round' });
  assert.equal(await pg.isVisible('#m-player'), false);
  await pg.waitForSelector('#board .hole.playable');
  assert.equal(await pg.textContent('#status'), "Round 1 · Player 1 in the Raja's seat to move");
  // Focus and Enter play a hole, as on the two-player page.
  await pg.focus('#board [data-hole="S5"]');
  await pg.keyboard.press('Enter');
  await waitPly(pg, 1);
  await settled(pg);
  assert.equal(await pg.textContent('#status'), 'Round 1 · Player 2 at the right end to move');
  for (const h of await playable(pg)) assert.ok(['S6', 'S7', 'N1', 'N2'].includes(h), `${h} is the right end's`);
  await pg.click(`#board [data-hole="${(await playable(pg))[0]}"]`);
  await waitPly(pg, 2);
  await settled(pg);
  assert.equal(await pg.textContent('#status'), 'Round 1 · Player 3 at the left end to move');
  for (const h of await playable(pg)) assert.ok(['N6', 'N7', 'S1', 'S2'].includes(h), `${h} is the left end's`);
  // Undo takes back one move on one device.
  await pg.click('#undo');
  await pg.waitForFunction(() => document.getElementById('game').dataset.ply === '1');
  await settled(pg);
  assert.equal(await pg.textContent('#status'), 'Round 1 · Player 2 at the right end to move');
  // Resign takes two clicks: the player to move resigns, the other two share the match.
  await pg.click('#resign');
  assert.equal(await pg.textContent('#resign'), 'Really resign? Press again');
  await pg.click('#resign');
  await pg.waitForSelector('#end-box:not([hidden])');
  assert.equal(await pg.textContent('#end-text'), 'Player 2 resigned: Player 1 and Player 3 share the match.');
  assert.equal(await pg.isVisible('#resign'), false);
});

test('online with two friends: two invitations, three browsers, a move seen on every page', async () => {
  const a = await page();
  await create(a.page, { kind: 'online', player: 1 });
  await a.page.waitForSelector('#invite-box:not([hidden])');
  const links = await a.page.$$eval('#invite-list .invite-link', (i) => i.map((e) => e.value));
  assert.equal(links.length, 2);
  assert.equal(await a.page.$$eval('#invite-list .copy-invite', (b) => b.length), 2);
  for (const l of links) assert.match(l, /\/m\/[^/]+\?invite=/);
  assert.equal(await a.page.textContent('#status'), 'Waiting for your friends to join: send them the links below.');
  const friends = [];
  for (const link of links) {
    const f = await page();
    await gotoGame(f.page, link);
    friends.push(f);
  }
  // The link's code is taken once: the page goes on under the game's own address.
  for (const f of friends) assert.match(f.page.url(), /\/m\/[^/?]+$/);
  await a.page.waitForFunction(() => document.getElementById('invite-box').hidden);
  await a.page.waitForFunction(() => document.getElementById('presence').dataset.connected === 'true,true,true');
  assert.equal(await a.page.textContent('#presence'), 'Player 2 is connected · Player 3 is connected');
  assert.equal(await friends[0].page.textContent('#board .store[data-seat="R"] .store-name'), 'Player 2 (you)');
  // The Raja moves; the friends' pages show the move.
  await a.page.waitForSelector('#board .hole.playable');
  await a.page.click('#board [data-hole="S3"]');
  await waitPly(a.page, 1);
  // Every page animates the move, then waits: none of them is to move but the right end's.
  for (const p of [...friends.map((f) => f.page), a.page]) {
    await waitPly(p, 1);
    await idle(p);
  }
  const board = await counts(a.page);
  for (const f of friends) assert.deepEqual(await counts(f.page), board);
  // The right end moves on its own page; it shows on the others.
  await friends[0].page.waitForSelector('#board .hole.playable');
  assert.equal(await friends[0].page.textContent('#status'), 'Round 1 · your move (Right end)');
  assert.equal(await friends[1].page.textContent('#status'), 'Round 1 · waiting for Player 2 at the right end to move');
  const hole = (await playable(friends[0].page))[0];
  await friends[0].page.click(`#board [data-hole="${hole}"]`);
  for (const p of [a.page, friends[1].page]) {
    await waitPly(p, 2);
    await p.waitForFunction((h) => document.getElementById('explain-title').textContent.endsWith(`played ${h}`), hole);
  }
  assert.equal(await a.page.isVisible('#undo'), false, 'no undo online');
  await a.page.screenshot({ path: `${OUT}/mandiri-online.png`, fullPage: true });
  for (const p of [a, ...friends]) await p.context.close();
});

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  pageTest(`the game page at a ${size} size: nothing overlaps`, { ...MANDIRI, viewport }, async (pg) => {
    await create(pg, { kind: 'local', mode: 'match' });
    await pg.waitForSelector('#board .hole.playable');
    assert.equal(await pg.evaluate(() => document.getElementById('board').classList.contains('vertical')), size === 'phone');
    await pg.click('#board [data-hole="S4"]');
    await waitPly(pg, 1);
    await settled(pg);
    await shotAndCheck(pg, `mandiri-game-${size}`);
  });
}

for (const code of LANGS) {
  const messages = catalog(code);
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const rules = { path: '/rules#mandiri', lang: REGION[code] || code, viewport };
    pageTest(`the rules page's Mandiri section and the tutorial's Mandiri part in ${code} (${size})`, rules, async (pg) => {
      await pg.waitForSelector('#mandiri-seats .hole');
      assert.equal(await pg.getAttribute('html', 'lang'), code);
      assert.equal(await pg.textContent('#mandiri h2'), messages['m.rules.h']);
      assert.equal(await pg.textContent('#mandiri [data-i18n="m.rules.p.fours"]'), messages['m.rules.p.fours']);
      const seats = await pg.$$eval('#mandiri-seat-list li', (l) => l.map((e) => e.dataset.seat));
      assert.deepEqual(seats, ['C', 'R', 'L']);
      assert.match(await pg.textContent('#mandiri-seat-list li[data-seat="C"]'), /S3 S4 S5 N3 N4 N5/);
      // The examples play: the right end's S7 gives the Raja a four and takes a pussa.
      await pg.waitForSelector('#mandiri-ex1 .hole');
      await pg.click('#mandiri-ex1 .play-example');
      await pg.waitForFunction(() => document.querySelectorAll('#mandiri-ex1 .log li[data-event=pussa]').length === 1);
      // The server's Mandiri trace goes on after the sowing: the left end, with no counters, passes.
      await pg.waitForFunction(() => document.querySelectorAll('#mandiri-ex1 .log li[data-event=pass]').length === 1);
      assert.equal(await pg.textContent('#mandiri-ex1 .store[data-seat="C"] .pile-count'), messages['board.captured'].replace('{count}', code === 'bn' ? '৪' : '4'));
      await (await pg.$('#mandiri')).screenshot({ path: `${OUT}/mandiri-rules-${code}-${size}.png` });
      assert.deepEqual(await boardProblems(pg), [], 'the rules page\'s boards');
      assert.deepEqual(await layoutProblems(pg), [], 'the rules page');
      await pg.goto(`${BASE}/learn#mandiri-seats`);
      await pg.waitForSelector('#m-learn[data-state="ready"] .hole.playable');
      assert.equal(await pg.textContent('#m-learn-heading'), messages['learn.m.heading']);
      assert.deepEqual(await pg.$$eval('#m-learn-board .hole.playable', (h) => h.map((e) => e.dataset.hole)), ['S4']);
      await pg.click('#m-learn-board [data-hole="S4"]');
      await pg.waitForSelector('#m-learn[data-state="played"]');
      assert.ok((await pg.textContent('#m-learn-why-text')).length > 40);
      await pg.click('#m-learn-next');
      await pg.waitForSelector('#m-learn[data-step="four"][data-state="ready"] .hole.playable');
      await pg.click('#m-learn-board [data-hole="S7"]');
      await pg.waitForSelector('#m-learn[data-state="played"]');
      await (await pg.$('#m-learn')).screenshot({ path: `${OUT}/mandiri-learn-${code}-${size}.png` });
      assert.deepEqual(await boardProblems(pg), [], 'the tutorial\'s boards');
      assert.deepEqual(await layoutProblems(pg), [], 'the tutorial');
    });
  }
}
