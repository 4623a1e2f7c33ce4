// The puzzles page at a desktop and a phone size: a puzzle solved (the guest's rating kept
// across a reload), a wrong move explained with the puzzle's proven values, streak mode, the
// daily puzzle, "learn from your mistakes" after a finished game against the computer (a button
// for each mistake that replays, no puzzle controls when none does), and the
// page in every language with nothing overflowing. A signed-in player: the guest's rating taken
// over at registration and forgotten by the browser, the account's rating moved by each
// attempt, shown on /account, kept across a reload and found by another device logging in.
// Screenshots go to output/ (see browser.mjs), to be looked at.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, REGION, LANGS, catalog, useBrowser, pageTest, openPage, newPage, shotAndCheck } from './browser.mjs';
import { ownServer } from './own_server.mjs';

useBrowser();

const api = async (method, path, body) => {
  const r = await fetch(`${BASE}${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  assert.ok(r.ok, `${method} ${path}: ${r.status} ${await r.clone().text()}`);
  return r.json();
};
const depth = (s) => 1 + Math.max(0, ...s.defences.map((d) => depth(d.then)));
const sideOf = (code) => (code.split(' ')[1] === 'N' ? 'N' : 'S');
/** Counters on the board of a position code. */
const counters = (code) => code.split(' ')[0].split(/[,/]/).reduce((n, c) => n + (Number(c) || 0), 0);
const best = (step) => Math.max(...step.values.filter((v) => v !== null));
/** The task's message of a puzzle's first step: win, draw or lose the least. */
const taskKey = (step) => (best(step) > 0 ? 'puzzles.task' : best(step) === 0 ? 'puzzles.taskDraw' : 'puzzles.taskLose');

/** A puzzle of the set with `test(puzzle)` true, drawn with fixed seeds. */
async function findPuzzle(test) {
  for (let seed = 1; seed < 400; seed++) {
    const p = await api('GET', `/api/puzzles/next?rating=${1000 + (seed % 12) * 100}&seed=${seed}`);
    if (test(p)) return p;
  }
  throw new Error('no such puzzle');
}

/** Plays the puzzle shown to its end with the right moves, following the defence the page
 *  chose after each (found by the position it leaves). */
async function solve(page, puzzle) {
  const side = sideOf(puzzle.position);
  let step = puzzle.solution;
  for (;;) {
    const before = await page.getAttribute('#puzzles', 'data-position');
    await page.click(`#pz-board [data-hole="${side}${step.move}"]`);
    if (!step.defences.length) break;
    await page.waitForFunction((b) => {
      const el = document.getElementById('puzzles');
      return el.dataset.state === 'ready' && el.dataset.position !== b;
    }, before);
    const now = await page.getAttribute('#puzzles', 'data-position');
    const after = (await api('POST', '/api/trace', { rules: puzzle.rules, position: before, move: step.move })).after.position;
    let next = null;
    for (const d of step.defences) {
      const t = await api('POST', '/api/trace', { rules: puzzle.rules, position: after, move: d.move });
      if (t.after.position === now) next = d.then;
    }
    assert.ok(next, 'the page answered with one of the listed defences');
    step = next;
  }
  await page.waitForSelector('#puzzles[data-state="solved"]');
}

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  const phone = size === 'phone';

  pageTest(`a puzzle solved, and the guest's rating kept across a reload (${size})`, { path: '/puzzles', lang: 'en-GB', viewport, phone }, async (page) => {
    const puzzle = await findPuzzle((p) => depth(p.solution) >= 2 && best(p.solution) > 0);
    await page.goto(`${BASE}/puzzles/${puzzle.id}`);
    await page.waitForSelector('#puzzles[data-state="ready"]');
    assert.match(await page.textContent('#pz-task'), /to move: find the move that wins the most/);
    assert.equal(await page.inputValue('#pz-link'), `${BASE}/puzzles/${puzzle.id}`);
    assert.match(await page.getAttribute('#pz-analysis', 'href'), /^\/analysis\?rules=canonical%2Fmode%3Dround&position=/);
    await shotAndCheck(page, `puzzles-start-${size}`);
    await solve(page, puzzle);
    assert.match(await page.textContent('#pz-feedback'), /^Right: the best move/);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('rajapasu.puzzleRating')));
    assert.ok(kept.rating > 1500, `a new player who solves goes up: ${kept.rating}`);
    await shotAndCheck(page, `puzzles-solved-${size}`);
    await page.reload();
    await page.waitForSelector('#puzzles[data-state="ready"]');
    assert.equal(await page.textContent('#pz-rating'), `${Math.round(kept.rating).toLocaleString('en-GB')} (± ${Math.round(kept.deviation)})`);
  });

  pageTest(`a wrong move is explained with the proven values (${size})`, { path: '/puzzles', lang: 'en-GB', viewport, phone }, async (page) => {
    const puzzle = await findPuzzle(() => true);
    await page.goto(`${BASE}/puzzles/${puzzle.id}`);
    await page.waitForSelector('#puzzles[data-state="ready"]');
    // The hint marks the key move's hole.
    await page.click('#pz-hint');
    const side = sideOf(puzzle.position);
    assert.match(await page.getAttribute(`#pz-board [data-hole="${side}${puzzle.solution.move}"]`, 'class'), /hint/);
    const s = puzzle.solution;
    const wrong = s.values.findIndex((v, i) => v !== null && i + 1 !== s.move) + 1;
    await page.click(`#pz-board [data-hole="${side}${wrong}"]`);
    await page.waitForSelector('#puzzles[data-state="failed"]');
    const words = (v) => (v > 0 ? `wins the round by ${v}` : v < 0 ? `loses the round by ${-v}` : 'draws the round');
    assert.equal(
      await page.textContent('#pz-feedback'),
      `Not the best: this move ${words(s.values[wrong - 1])}; the best, ${side}${s.move}, ${words(best(s))}.`,
    );
    await shotAndCheck(page, `puzzles-wrong-${size}`);
    await page.click('#pz-solution');
    await page.waitForFunction(() => /^The solution: /.test(document.getElementById('pz-feedback').textContent));
  });

  pageTest(`streak mode climbs until the first mistake, unrated (${size})`, { path: '/puzzles', lang: 'en-GB', viewport, phone }, async (page) => {
    await page.waitForSelector('#puzzles[data-state="ready"]');
    await page.click('#pz-mode-streak');
    await page.waitForSelector('#puzzles[data-mode="streak"][data-state="ready"]');
    const first = await api('GET', `/api/puzzles/${new URL(page.url()).pathname.split('/')[2]}`);
    await solve(page, first);
    assert.match(await page.textContent('#pz-streak'), /Streak: 1 solved/);
    assert.equal(await page.evaluate(() => localStorage.getItem('rajapasu.puzzleRating')), null, 'streak mode leaves the rating alone');
    await page.click('#pz-next');
    await page.waitForFunction((id) => document.getElementById('puzzles').dataset.state === 'ready' && !location.pathname.endsWith(id), first.id);
    const second = await api('GET', `/api/puzzles/${new URL(page.url()).pathname.split('/')[2]}`);
    const s = second.solution;
    const wrong = s.values.findIndex((v, i) => v !== null && i + 1 !== s.move) + 1;
    await page.click(`#pz-board [data-hole="${sideOf(second.position)}${wrong}"]`);
    await page.waitForSelector('#puzzles[data-state="failed"]');
    assert.match(await page.textContent('#pz-feedback'), /The streak ends at 1\./);
    assert.match(await page.textContent('#pz-streak'), /best 1/);
  });

  pageTest(`the daily puzzle (${size})`, { path: '/puzzles?mode=daily', lang: 'en-GB', viewport, phone }, async (page) => {
    await page.waitForSelector('#puzzles[data-mode="daily"][data-state="ready"]');
    const daily = await api('GET', '/api/puzzles/daily');
    assert.equal(new URL(page.url()).pathname, `/puzzles/${daily.id}`);
    assert.equal((await api('GET', '/api/puzzles')).daily, daily.id);
    assert.equal(await page.getAttribute('#pz-mode-daily', 'aria-pressed'), 'true');
  });

  pageTest(`learn from your mistakes after a game against the computer (${size})`, { path: '/puzzles', lang: 'en-GB', viewport, phone }, async (page) => {
    // A game from a puzzle's position with South to move, where South plays a wrong move first.
    // Few counters: the server proves the game's positions quickly, without a table.
    const puzzle = await findPuzzle((p) => sideOf(p.position) === 'S' && counters(p.position) <= 14);
    const s = puzzle.solution;
    const wrong = s.values.findIndex((v, i) => v !== null && i + 1 !== s.move) + 1;
    const created = await api('POST', '/api/games', { kind: 'computer', level: 1, side: 'south', mode: 'round', position: puzzle.position });
    let game = created.game;
    let first = true;
    for (let i = 0; i < 300 && game.view.status === 'playing'; i++) {
      if (game.view.to_move === 'south') {
        const move = first ? wrong : game.view.legal_moves[0];
        first = false;
        game = (await api('POST', `/api/games/${created.id}/moves`, { move, ply: game.ply, token: created.token })).game;
      } else {
        await new Promise((r) => setTimeout(r, 100));
        game = await api('GET', `/api/games/${created.id}`);
      }
    }
    assert.notEqual(game.view.status, 'playing', 'the game ended');
    // The game page offers the way there.
    await page.goto(`${BASE}/g/${created.id}`);
    const link = await page.waitForSelector('#learn-mistakes:not([hidden])');
    assert.equal(await link.getAttribute('href'), `/puzzles?game=${created.id}&side=south`);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/puzzles/mistakes'), { timeout: 120000 });
    await Promise.all([page.waitForURL(/\/puzzles\?game=/), link.click()]);
    const found = await (await answered).json();
    await page.waitForSelector('#pz-mistakes-list li');
    const items = await page.$$eval('#pz-mistakes-list li', (b) => b.map((e) => e.textContent));
    // Listed as a puzzle when its position's best value was proven in the server's time,
    // otherwise with the loss proven ("another move is proven better, by 2 or more").
    assert.ok(items.some((t) => t.startsWith(`Move 1: you played S${wrong}`)), items.join(' | '));
    await offersOnlyReplayable(page, found.mistakes);
    await shotAndCheck(page, `puzzles-mistakes-${size}`);
  });

  test(`a game with no mistake to replay shows no puzzle controls (${size})`, async () => {
    // A server of its own that proves with a million nodes a proof, whatever the machine's
    // speed (the time a bound, not the limit; the server's test of this position gives the
    // same): the position after round 2's first moves has 78 counters on the board, far too
    // many to prove its values with that, but S6 is proven to lose the round by 17 where S1
    // wins it by more.
    const own = await ownServer(['--mistakes-time', '600', '--mistakes-nodes', '1000000']);
    const { context, page } = await newPage('en-GB', viewport, { phone });
    try {
      const call = async (method, path, body) => (await fetch(`${own.base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
      const created = await call('POST', '/api/games', { kind: 'computer', level: 1, side: 'south', position: '14,1,0,0,13,2,3/x,13,3,13,0,2,14 S 4 9 6 1 2' });
      await call('POST', `/api/games/${created.id}/moves`, { move: 6, ply: 0, token: created.token });
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/puzzles/mistakes'), { timeout: 60000 });
      await page.goto(`${own.base}/puzzles?game=${created.id}&side=south`);
      const found = await (await answered).json();
      assert.equal(found.mistakes.length, 1, JSON.stringify(found));
      assert.equal(found.mistakes[0].replayable, false, JSON.stringify(found.mistakes[0]));
      await page.waitForSelector('#pz-mistakes-list li');
      const status = await page.textContent('#pz-mistakes-status');
      assert.equal(status, `${en['puzzles.mistakesListed#one'].replace('{n}', '1')} ${en['puzzles.mistakesNoReplay']}`);
      assert.ok(!/play (each|it) again/.test(status), status);
      const item = await page.textContent('#pz-mistakes-list li');
      assert.ok(item.startsWith('Move 1: you played S6; another move is proven better') && item.endsWith(en['puzzles.mistakeNoPuzzle']), item);
      // A match: the page says whose values these are.
      assert.ok(await page.isVisible('#pz-mistakes-round'));
      await offersOnlyReplayable(page, found.mistakes);
      await shotAndCheck(page, `puzzles-mistakes-none-${size}`);
      // Another mode brings the puzzle back.
      await page.click('#pz-mode-rated');
      await page.waitForSelector('#puzzles[data-mode="rated"][data-state="ready"]');
      assert.ok(await page.isVisible('#pz-board') && await page.isVisible('#pz-hint'));
    } finally {
      await context.close();
      await own.close();
    }
  });
}

const en = catalog('en');

/** The mistakes list shows `mistakes` (the server's answer) with a button for each that replays
 *  and none for the others; the puzzle's board and buttons are there only when one replays,
 *  the first of them shown at once. */
async function offersOnlyReplayable(page, mistakes) {
  const buttons = await page.$$eval('#pz-mistakes-list li', (li) => li.map((e) => Boolean(e.querySelector('button'))));
  assert.deepEqual(buttons, mistakes.map((m) => m.replayable));
  const any = mistakes.some((m) => m.replayable);
  if (any) await page.waitForSelector('#puzzles[data-mode="mistakes"][data-state="ready"]');
  for (const part of ['#pz-task', '#pz-board', '#pz-controls', '#pz-about-card']) {
    assert.equal(await page.isVisible(part), any, `${part} shown only with a mistake to replay`);
  }
}

/** A name no earlier run against the same server has taken. */
const fresh = (stem) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The puzzle rating kept in this browser for a guest, or null. */
const guestRating = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('rajapasu.puzzleRating')));
/** The account's puzzle rating as the server keeps it (the page's session). */
const accountRating = (page) => page.evaluate(async () => (await (await fetch('/api/account')).json()).account?.puzzle_rating ?? null);
/** The rating line of the puzzles page for `r`. */
const shown = (r) => `${Math.round(r.rating).toLocaleString('en-GB')} (± ${Math.round(r.deviation)})`;

/** Opens the puzzle `puzzle` and solves it. */
async function openAndSolve(page, puzzle) {
  await page.goto(`${BASE}/puzzles/${puzzle.id}`);
  await page.waitForSelector('#puzzles[data-state="ready"]');
  await solve(page, puzzle);
}

pageTest('a signed-in player: the guest rating taken over at registration, the account rating kept across a reload and on another device', { path: '/puzzles', lang: 'en-GB', viewport: DESKTOP }, async (page) => {
  const puzzles = [];
  for (let seed = 1; puzzles.length < 3 && seed < 400; seed++) {
    const p = await api('GET', `/api/puzzles/next?rating=1200&seed=${seed}`);
    if (counters(p.position) <= 20 && !puzzles.some((q) => q.id === p.id)) puzzles.push(p);
  }
  // A guest solves one: the rating is kept in the browser.
  await openAndSolve(page, puzzles[0]);
  const guest = await guestRating(page);
  assert.ok(guest && guest.rating > 1500, JSON.stringify(guest));

  // Registration takes the guest's rating over, and the browser forgets its own.
  await page.goto(`${BASE}/account`);
  const name = fresh('Puzzler');
  await page.waitForSelector('#signed-out:not([hidden])');
  await page.fill('#register-form input[name=name]', name);
  await page.fill('#register-form input[name=password]', 'puzzle long secret');
  await page.click('#register-form button[type=submit]');
  await page.waitForSelector('#signed-in:not([hidden])');
  const taken = await accountRating(page);
  assert.ok(Math.abs(taken.rating - guest.rating) < 1e-6, `${taken.rating} = ${guest.rating}`);
  assert.equal(await page.textContent('#account-puzzle-rating'), `Puzzle rating: ${Math.round(guest.rating)}${taken.provisional ? '?' : ''}`);
  assert.equal(await guestRating(page), null, 'the browser forgets the guest rating once sent');

  // Signed in, an attempt moves the account's rating, not the browser's.
  await openAndSolve(page, puzzles[1]);
  await page.waitForFunction((before) => document.getElementById('pz-rating').textContent !== before, shown(taken));
  const after = await accountRating(page);
  assert.ok(after.rating > taken.rating, `${after.rating} > ${taken.rating}`);
  assert.equal(await page.textContent('#pz-rating'), shown(after));
  assert.equal(await guestRating(page), null, 'nothing kept in the browser');
  await page.reload();
  await page.waitForSelector('#puzzles[data-state="ready"]');
  assert.equal(await page.textContent('#pz-rating'), shown(after));
  assert.equal(await page.textContent('#pz-kept'), 'Kept on your account.');
  await page.goto(`${BASE}/account`);
  await page.waitForSelector('#signed-in:not([hidden])');
  assert.equal(await page.textContent('#account-puzzle-rating'), `Puzzle rating: ${Math.round(after.rating)}${after.provisional ? '?' : ''}`);

  // Another device, whose guest has a rating of its own: logging in keeps the account's, and
  // that browser forgets its guest's; logged out, it is a new player there.
  const { context, page: other } = await openPage('/puzzles', { lang: 'en-GB', viewport: PHONE, phone: true });
  try {
    await openAndSolve(other, puzzles[2]);
    const otherGuest = await guestRating(other);
    assert.ok(otherGuest && Math.abs(otherGuest.rating - after.rating) > 1, JSON.stringify(otherGuest));
    await other.goto(`${BASE}/account`);
    await other.waitForSelector('#login-form');
    await other.fill('#login-form input[name=name]', name);
    await other.fill('#login-form input[name=password]', 'puzzle long secret');
    await other.click('#login-form button[type=submit]');
    await other.waitForSelector('#signed-in:not([hidden])');
    assert.equal(await other.textContent('#account-puzzle-rating'), `Puzzle rating: ${Math.round(after.rating)}${after.provisional ? '?' : ''}`);
    assert.equal(await guestRating(other), null);
    await other.goto(`${BASE}/puzzles/${puzzles[0].id}`);
    await other.waitForSelector('#puzzles[data-state="ready"]');
    assert.equal(await other.textContent('#pz-rating'), shown(after));
    await shotAndCheck(other, 'puzzles-signed-in-phone');
    await other.goto(`${BASE}/account`);
    await other.click('#logout');
    await other.waitForSelector('#signed-out:not([hidden])');
    await other.goto(`${BASE}/puzzles/${puzzles[0].id}`);
    await other.waitForSelector('#puzzles[data-state="ready"]');
    assert.equal(await other.textContent('#pz-rating'), catalog('en')['puzzles.newPlayer']);
    assert.equal(await other.textContent('#pz-kept'), 'Kept in this browser.');
  } finally {
    await context.close();
  }
});

// The puzzle where the page says "lose the least": North's best move, N1, loses the round by
// 16 (N7 by 22, N6 by 24); and one where the best move, N3, draws (N5 and N7 lose by 2).
const LOSING = 'Pa96343780782';
const DRAWN = 'P70a8a8d39a01';

// A puzzle whose key move is not clearly better (S6 wins by 14, S2 and S5 by 12): played by its
// link, said to be not rated, and solving it leaves the guest unrated.
pageTest('a puzzle whose best move is not clearly better is played unrated', { path: '/puzzles/Pb93fb157abbc', lang: 'en-GB', viewport: DESKTOP }, async (page) => {
  await page.waitForSelector('#puzzles[data-state="ready"]');
  assert.equal(await page.textContent('#pz-about'), catalog('en')['puzzles.aboutUnrated'].replace('{margin}', '2').replace('{moves}', '1'));
  const attempt = page.waitForResponse((r) => r.url().endsWith('/attempt'));
  await page.click('#pz-board [data-hole="S6"]');
  await page.waitForSelector('#puzzles[data-state="solved"]');
  assert.equal((await (await attempt).json()).rated, false);
  assert.equal(await guestRating(page), null, 'no rating for an unrated puzzle');
  assert.equal(await page.textContent('#pz-rating'), catalog('en')['puzzles.newPlayer']);
});

for (const code of LANGS) {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    pageTest(`the puzzles page in ${code} (${size})`, { path: '/puzzles', lang: REGION[code] || code, viewport, phone: size === 'phone' }, async (page) => {
      await page.waitForSelector('#puzzles[data-state="ready"]');
      const words = catalog(code);
      const id = new URL(page.url()).pathname.split('/')[2];
      const p = await api('GET', `/api/puzzles/${id}`);
      const side = words[sideOf(p.position) === 'S' ? 'side.south' : 'side.north'];
      assert.equal(await page.textContent('#pz-task'), words[taskKey(p.solution)].replace('{side}', side));
      assert.equal(await page.textContent('#pz-hint'), words['puzzles.hint']);
      await shotAndCheck(page, `puzzles-${code}-${size}`);
    });
  }

  // Where every move loses, the task is to lose the least, and the right move is told so; where
  // the best move only draws, to draw. Both with one move to find.
  for (const [outcome, id, rightKey] of [
    ['losing', LOSING, 'puzzles.rightLose'],
    ['drawn', DRAWN, 'puzzles.rightDraw'],
  ]) {
    const size = code === 'en' && outcome === 'losing' ? 'phone' : 'desktop';
    pageTest(`a ${outcome} puzzle in ${code}: the task and the right move's words (${size})`, { path: `/puzzles/${id}`, lang: REGION[code] || code, viewport: size === 'phone' ? PHONE : DESKTOP, phone: size === 'phone' }, async (page) => {
      await page.waitForSelector('#puzzles[data-state="ready"]');
      const words = catalog(code);
      const p = await api('GET', `/api/puzzles/${id}`);
      const side = words[sideOf(p.position) === 'S' ? 'side.south' : 'side.north'];
      assert.equal(await page.textContent('#pz-task'), words[taskKey(p.solution)].replace('{side}', side));
      await page.click(`#pz-board [data-hole="${sideOf(p.position)}${p.solution.move}"]`);
      await page.waitForSelector('#puzzles[data-state="solved"]');
      // Written in the language's digits (Bengali's own, i18n.js).
      const n = new Intl.NumberFormat(code, { numberingSystem: code === 'bn' ? 'beng' : 'latn' }).format(-best(p.solution));
      assert.equal(await page.textContent('#pz-feedback'), words[rightKey].replace('{n}', n));
      await shotAndCheck(page, `puzzles-${outcome}-${code}-${size}`);
    });
  }
}

