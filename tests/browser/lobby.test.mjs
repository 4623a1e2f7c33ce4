// The lobby in two browsers: two players register, one posts a rated challenge with a
// quick-pairing button, the other sees it live and accepts it with one click; both pages go to
// the game, one offers a draw (the other is asked), then resigns, and the winner's player page
// shows the rating change. Then the leaderboard lists both.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE, DESKTOP, PHONE, REGION, LANGS, catalog, useBrowser, openPage, layoutProblems } from './browser.mjs';

useBrowser();

/** A name no earlier run against the same server has taken. */
const fresh = (stem) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

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
    await bo.page.waitForSelector('#player-ratings tr[data-pool="round-realtime"]');
    assert.equal(await bo.page.textContent('#player-ratings tr[data-pool="round-realtime"] .rating'), '1662?');
    assert.match(await bo.page.textContent('#player-history li'), /\+162/);
    await bo.page.waitForSelector('#player-charts svg.rating-chart');
    // The leaderboard: Bo above Ann (other runs' players may be there too).
    await ann.page.goto(`${BASE}/players`);
    await ann.page.waitForSelector(`#leaderboard a:has-text("${annName}")`);
    const names = await ann.page.$$eval('#leaderboard a', (a) => a.map((e) => e.textContent));
    assert.ok(names.indexOf(boName) < names.indexOf(annName), names.join(', '));
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
