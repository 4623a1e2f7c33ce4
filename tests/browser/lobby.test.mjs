// The lobby in two browsers: two players register, one posts a rated challenge with a
// quick-pairing button, the other sees it live and accepts it with one click; both pages go to
// the game, each plays a move (a game ended before both moved is not rated), one offers a draw
// (the other is asked), then resigns, and the winner's player page shows the rating change.
// The leaderboard does not list them yet: one rated game each. Two players play a rated 1+0
// game on a server of its own whose clocks run shorter, each moves once, and one flags. A
// Mandiri seek fills with three players, in three browsers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE, DESKTOP, PHONE, REGION, LANGS, OUT, catalog, useBrowser, openPage, newPage, fastAnimations, layoutProblems, ply, waitPly } from './browser.mjs';
import { ownServer } from './own_server.mjs';

useBrowser();

/** A name no earlier run against the same server has taken. */
const fresh = (stem) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Of the two pages of one game, the one that holds South, then the other. */
async function southFirst(pages) {
  for (const p of pages) {
    const seat = await p.evaluate(() => JSON.parse(localStorage.getItem('rajapasu.games'))[location.pathname.split('/')[2]].seat);
    if (seat === 'south') return [p, pages.find((q) => q !== p)];
  }
  throw new Error('no page holds South');
}

/** South plays a move, then North: each clicks the first hole it may play, and both pages show
 *  the move before the next (an offer made on a page that has not yet shown the other's move
 *  would name a ply gone by). */
async function oneMoveEach(south, north) {
  for (const p of [south, north]) {
    await p.waitForSelector('#board .hole.playable');
    const before = await ply(p);
    await p.click('#board .hole.playable');
    for (const q of [south, north]) await waitPly(q, before + 1);
  }
}

/** Plays the first legal move of the page's game through the API, with the page's seat token,
 *  as soon as the server takes it (the other player's move may not be stored yet): faster than
 *  clicking, for a clock of three seconds. */
async function moveByApi(page) {
  const status = await page.evaluate(async () => {
    const id = location.pathname.split('/')[2];
    const { token } = JSON.parse(localStorage.getItem('rajapasu.games'))[id];
    for (let i = 0; i < 100; i++) {
      const game = await (await fetch(`/api/games/${id}`)).json();
      const move = game.view.legal_moves[0];
      const r = await fetch(`/api/games/${id}/moves`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move, token }) });
      if (r.ok) return r.status;
      await new Promise((done) => setTimeout(done, 20));
    }
    return 0;
  });
  assert.equal(status, 200);
}

/** Registers `name` from the page (its context keeps the session cookie). */
async function register(page, name) {
  const status = await page.evaluate(async (name) => {
    const r = await fetch('/api/account/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password: 'a long secret' }) });
    return r.status;
  }, name);
  assert.equal(status, 201);
}

test('a rated lobby game between two browsers moves the winner\'s rating on the player page', async () => {
  const ann = await openPage('/lobby', { viewport: DESKTOP });
  const bo = await openPage('/lobby', { viewport: PHONE, phone: true });
  try {
    const [annName, boName] = [fresh('Ann'), fresh('Bo')];
    await register(ann.page, annName);
    await register(bo.page, boName);
    for (const p of [ann.page, bo.page]) {
      await p.reload();
      await p.waitForSelector('#quick-rated-field:not([hidden])');
    }
    // Ann posts a rated 15+10 challenge with one click; Bo's lobby lists it live.
    await ann.page.waitForFunction(() => document.getElementById('lobby-status').textContent === '');
    await ann.page.click('#quick button[data-clock="15+10"]');
    await ann.page.waitForSelector('#seeks tr[data-mine="true"]');
    const row = `#seeks tr[data-mine="false"]:has-text("${annName}")`;
    await bo.page.waitForSelector(row);
    // The clocks say the speed they are rated at, as the server classifies them.
    assert.match(await bo.page.textContent(row), /15\+10 · \S+/);
    await bo.page.waitForSelector('#quick button[data-clock="1d"][data-speed]');
    const speeds = await bo.page.$$eval('#quick button', (b) => b.map((e) => [e.dataset.clock, e.dataset.speed]));
    const [blitz, rapid] = [speeds[0][1], speeds[3][1]];
    assert.ok(blitz && rapid && blitz !== rapid, JSON.stringify(speeds));
    assert.deepEqual(speeds.map(([, s]) => s), [blitz, blitz, rapid, rapid, speeds[4][1]], JSON.stringify(speeds));
    assert.ok(![blitz, rapid].includes(speeds[4][1]), JSON.stringify(speeds));
    await ann.page.screenshot({ path: `${OUT}/lobby-speeds-desktop.png`, fullPage: true });
    await bo.page.screenshot({ path: `${OUT}/lobby-speeds-phone.png`, fullPage: true });
    const target = await bo.page.$eval(`${row} button`, (b) => b.getBoundingClientRect().height);
    assert.ok(target >= 44, `the Play button is ${target} px high on a phone`);
    // One click: both pages go to the game.
    await bo.page.click(`${row} button`);
    await bo.page.waitForURL(/\/g\/\w+$/);
    await ann.page.waitForURL(/\/g\/\w+$/);
    assert.equal(new URL(ann.page.url()).pathname, new URL(bo.page.url()).pathname);
    for (const p of [ann.page, bo.page]) {
      await p.waitForSelector('#game-rating:not([hidden])');
      assert.equal(await p.getAttribute('#game-rating', 'data-rated'), 'true');
      await p.waitForSelector('#clocks:not([hidden])');
    }
    // On the home page the game is listed with whose move it is: South's, the player to move.
    const seat = await bo.page.evaluate(() => JSON.parse(localStorage.getItem('rajapasu.games'))[location.pathname.split('/')[2]].seat);
    const home = await bo.context.newPage();
    await home.goto(`${BASE}/`);
    await home.waitForSelector('#my-games li[data-turn="yours"], #my-games li[data-turn="theirs"]');
    const turn = await home.getAttribute('#my-games li:first-child', 'data-turn');
    assert.equal(turn, seat === 'south' ? 'yours' : 'theirs');
    await home.close();
    // One move each: a rated game ended before both moved would not be rated.
    const [south, north] = await southFirst([ann.page, bo.page]);
    await oneMoveEach(south, north);
    // Ann offers a draw: Bo's page offers to accept it. A rated game takes no takebacks.
    await ann.page.click('#draw');
    await bo.page.waitForSelector('#draw[data-state="asked"]');
    assert.equal(await bo.page.isHidden('#takeback'), true);
    // Ann resigns instead (two clicks: the second confirms); Bo won.
    await ann.page.click('#resign');
    await ann.page.click('#resign');
    await bo.page.waitForSelector('#end-box:not([hidden])');
    // Both pages show the ratings' change under the result.
    for (const p of [ann.page, bo.page]) {
      await p.waitForSelector('#rating-change:not([hidden])');
      const change = await p.textContent('#rating-change');
      assert.ok(change.includes(`${boName} 1662? (+162)`) && change.includes(`${annName} 1338? (−162)`), change);
    }
    // Bo's player page: the rating rose from 1500 by the one game, provisional.
    await bo.page.goto(`${BASE}/@/${encodeURIComponent(boName)}`);
    // 15+10 is rapid: the rapid pool, and no other.
    await bo.page.waitForSelector('#player-ratings tr[data-pool="round-rapid"]');
    assert.equal(await bo.page.textContent('#player-ratings tr[data-pool="round-rapid"] .rating'), '1662?');
    assert.equal(await bo.page.$$eval('#player-ratings tr', (rows) => rows.length), 1);
    assert.match(await bo.page.textContent('#player-history li'), /\+162/);
    await bo.page.waitForSelector('#player-charts svg.rating-chart');
    // The archive's filters: Bo won the game, lost none; the download follows the filters.
    await bo.page.waitForSelector('#player-finished li');
    await bo.page.selectOption('#archive-filters select[name=result]', 'lost');
    await bo.page.waitForSelector('#player-filtered:not([hidden])');
    assert.equal(await bo.page.$$eval('#player-finished li', (l) => l.length), 0);
    await bo.page.selectOption('#archive-filters select[name=result]', 'won');
    await bo.page.selectOption('#archive-filters select[name=variant]', 'round');
    // The page applies each filter as it changes: the link follows the second one a moment
    // after the list has come back for the first (caught once reading it in between).
    await bo.page.waitForFunction(() => /result=won&variant=round&format=json/.test(document.querySelector('#export-json').getAttribute('href')));
    await bo.page.waitForSelector('#player-finished li');
    assert.equal(await bo.page.isHidden('#player-filtered'), true);
    // The leaderboard lists players with ten rated games or more: not these two yet.
    await ann.page.goto(`${BASE}/players`);
    await ann.page.waitForFunction(() => !document.getElementById('leaderboard-empty').hidden || document.querySelector('#leaderboard tr'));
    const names = await ann.page.$$eval('#leaderboard a', (a) => a.map((e) => e.textContent));
    assert.ok(!names.includes(annName) && !names.includes(boName), names.join(', '));
  } finally {
    await ann.context.close();
    await bo.context.close();
  }
});

test('the lobby and the players page in every language on a phone: nothing overflows, 44 px targets', async () => {
  for (const code of LANGS) {
    for (const [path, heading] of [['/lobby', 'lobby.heading'], ['/players', 'players.heading']]) {
      const { context, page } = await openPage(path, { lang: REGION[code] || code, viewport: PHONE, phone: true });
      try {
        await page.waitForFunction((h) => [...document.querySelectorAll('h1')].some((e) => e.textContent === h && !e.closest('[hidden]')), catalog(code)[heading]);
        assert.deepEqual(await layoutProblems(page), [], `${path} in ${code}`);
        const small = await page.$$eval('main button, main select, main input', (es) =>
          es.filter((e) => !e.closest('[hidden]') && e.type !== 'checkbox').map((e) => [e.name || e.id || e.textContent, e.getBoundingClientRect().height]).filter(([, h]) => h < 44));
        assert.deepEqual(small, [], `${path} in ${code}: targets at least 44 px high`);
      } finally {
        await context.close();
      }
    }
  }
});

/** A page at `path` of the server at `base`, in a context of its own. */
async function pageAt(base, path, options = {}) {
  const p = await newPage(options.lang || 'en-GB', options.viewport || DESKTOP, { phone: Boolean(options.phone) });
  await p.page.goto(`${base}${path}`);
  await fastAnimations(p.page);
  return p;
}

/** Registers `name` from the page and opens the lobby again, signed in. */
async function signedInLobby(page, name) {
  await register(page, name);
  await page.reload();
  await page.waitForSelector('#seek-rated-field:not([hidden])');
  await page.waitForFunction(() => document.getElementById('lobby-status').textContent === '');
}

test('two players meet in the lobby, play a rated 1+0 game, each moves, one flags: both see the result and the rating change', async () => {
  // A server of its own whose clocks run 20 times shorter: 1+0 gives each player 3 s.
  const server = await ownServer(['--clock-scale', '20']);
  const ann = await pageAt(server.base, '/lobby');
  const bo = await pageAt(server.base, '/lobby', { viewport: PHONE, phone: true });
  try {
    const [annName, boName] = [fresh('Ann'), fresh('Bo')];
    await signedInLobby(ann.page, annName);
    await signedInLobby(bo.page, boName);
    // Ann posts a rated 1+0 challenge; Bo takes it.
    await ann.page.selectOption('#seek-form select[name=clock]', '1+0');
    await ann.page.check('#seek-form input[name=rated]');
    await ann.page.click('#post-seek');
    const row = `#seeks tr[data-mine="false"]:has-text("${annName}")`;
    await bo.page.waitForSelector(row);
    // 1+0 (bullet) is rated as blitz.
    assert.match(await bo.page.textContent(row), /1\+0 · blitz/);
    await Promise.all([bo.page.waitForURL(/\/g\/\w+$/), bo.page.click(`${row} button`)]);
    await ann.page.waitForURL(/\/g\/\w+$/);
    // South moves at once, then North (a game ended before both moved is not rated); South
    // does not move again, and flags.
    const [south, north] = await southFirst([ann.page, bo.page]);
    const [southName, northName] = south === ann.page ? [annName, boName] : [boName, annName];
    await moveByApi(south);
    await moveByApi(north);
    for (const p of [ann.page, bo.page]) await p.waitForSelector('#end-box:not([hidden])', { timeout: 60000 });
    assert.equal(await south.textContent('#end-text'), catalog('en')['result.youTimedOut']);
    assert.match(await north.textContent('#end-text'), /ran out of time/);
    assert.ok(await south.$('#clocks .clock.flagged'), 'the flagged clock is marked');
    // Both see the rating change: the winner on time gains what the loser loses.
    for (const p of [ann.page, bo.page]) {
      await p.waitForSelector('#rating-change:not([hidden])');
      const change = await p.textContent('#rating-change');
      assert.ok(change.includes(`${northName} 1662? (+162)`) && change.includes(`${southName} 1338? (−162)`), change);
    }
  } finally {
    await ann.context.close();
    await bo.context.close();
    await server.close();
  }
});

test('a Mandiri seek fills with three players', async () => {
  const [ann, bo, cy] = [
    await openPage('/lobby', { viewport: DESKTOP }),
    await openPage('/lobby', { viewport: PHONE, phone: true }),
    await openPage('/lobby', { viewport: DESKTOP }),
  ];
  try {
    const [annName, boName, cyName] = [fresh('Ann'), fresh('Bo'), fresh('Cy')];
    await signedInLobby(ann.page, annName);
    await signedInLobby(bo.page, boName);
    await signedInLobby(cy.page, cyName);
    // Ann posts a Mandiri challenge of a day a move.
    await ann.page.selectOption('#seek-game', 'mandiri');
    await ann.page.selectOption('#seek-form select[name=clock]', '1d');
    await ann.page.click('#post-seek');
    await ann.page.waitForSelector('#seeks tr[data-mine="true"][data-game="mandiri"]');
    // Bo joins it: the row says two of three, and Bo waits with Ann.
    const row = `#seeks tr[data-game="mandiri"]:has-text("${annName}")`;
    await bo.page.waitForSelector(row);
    assert.equal(await bo.page.textContent(`${row} button`), catalog('en')['lobby.join']);
    await bo.page.click(`${row} button`);
    await bo.page.waitForSelector(`${row}[data-joined="true"]`);
    assert.equal(await bo.page.textContent('#lobby-status'), catalog('en')['lobby.waitingThird']);
    for (const p of [ann.page, cy.page]) await p.waitForSelector(`${row}:has-text("${boName}")`);
    assert.match(await cy.page.textContent(row), /2 of 3 players/);
    // Cy plays: all three pages go to the one game.
    assert.equal(await cy.page.textContent(`${row} button`), catalog('en')['lobby.accept']);
    await cy.page.click(`${row} button`);
    for (const p of [ann.page, bo.page, cy.page]) await p.waitForURL(/\/m\/\w+$/);
    const paths = [ann.page, bo.page, cy.page].map((p) => new URL(p.url()).pathname);
    assert.equal(new Set(paths).size, 1, paths.join(' '));
    // Each page holds one player, a different one, and shows the three clocks.
    const held = [];
    for (const p of [ann.page, bo.page, cy.page]) {
      await p.waitForSelector('#clocks:not([hidden])');
      assert.equal(await p.$$eval('#clocks .clock', (c) => c.length), 3);
      held.push(await p.evaluate(() => JSON.parse(localStorage.getItem('rajapasu.mandiri'))[location.pathname.split('/')[2]].players[0]));
    }
    assert.deepEqual([...held].sort(), [1, 2, 3]);
    // The players' names are their accounts'.
    const names = await ann.page.evaluate(async (id) => (await (await fetch(`/api/mandiri/games/${id}`)).json()).players.map((p) => p.name), paths[0].split('/')[2]);
    assert.deepEqual([...names].sort(), [annName, boName, cyName].sort());
  } finally {
    for (const p of [ann, bo, cy]) await p.context.close();
  }
});
