// Tournaments in four browsers: a player makes a round-robin from the form, three others join
// by its link, the creator starts it, all four come to their round-1 games, the answering
// players resign, and every event page (never reloaded) shows the crosstable and the standings
// change live, and round 2 paired; rounds 2 and 3 are played the same way, to the final
// crosstable, the standings and the printable results. Then the pages in every language on a
// phone: nothing overflows, 44 px targets.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fresh, register, eventOf, cells, players, submitForm, joinByLink, comeToGames } from './tournament_steps.mjs';
import { BASE, DESKTOP, PHONE, REGION, LANGS, catalog, useBrowser, openPage, layoutProblems, OUT } from './browser.mjs';

useBrowser();

/** The players who do not lead this round (its second players) open their games from their
 *  event pages and resign them. */
async function answersResign(ps, id) {
  const games = [];
  for (const p of ps) {
    const ev = await eventOf(p.page, id);
    if (ev.me.board.leads) continue;
    const game = await p.context.newPage();
    await game.goto(`${BASE}${await p.page.getAttribute('#my-link', 'href')}`);
    await game.waitForSelector('#clocks:not([hidden])');
    games.push(game);
  }
  assert.equal(games.length, 2);
  for (const game of games) {
    await game.click('#resign');
    await game.click('#resign');
    await game.waitForSelector('#end-box:not([hidden])');
    await game.close();
  }
}

test('a round-robin of four in four browsers to its final crosstable, updated live at every result', async () => {
  const names = ['Ann', 'Bo', 'Cy', 'Di'].map(fresh);
  const views = [DESKTOP, PHONE, DESKTOP, PHONE];
  const ps = await players(names, views);
  try {
    // Ann makes the event from the form.
    const ann = ps[0].page;
    await ann.reload();
    await ann.waitForSelector('#create-submit:not([disabled])');
    await ann.fill('#create-name', `Club ${names[0]}`);
    await ann.selectOption('#create-format', 'round-robin');
    await ann.selectOption('#create-clock', '10+5');
    await ann.selectOption('#create-window', '60');
    const { url, id } = await submitForm(ann);
    await ann.waitForSelector('#standings tbody tr');
    // The others open the link and join; Ann's page lists them live.
    await joinByLink(ps.slice(1), url);
    await ann.waitForFunction(() => document.querySelectorAll('#standings tbody tr').length === 4);
    await ann.click('#ev-start');
    // Everyone's page (not reloaded) shows their game: they come.
    await comeToGames(ps);
    // The crosstable is empty; the answering players go to their games and resign.
    const before = await cells(ann, 'crosstable');
    assert.equal(before.length, 4);
    assert.ok(before.every((row) => row.slice(2).every((c) => c === '')), JSON.stringify(before));
    await answersResign(ps, id);
    // Every event page shows the two results live: two wins (1) and two losses (0) in the
    // crosstable, round 2 paired, the leaders on 1 point.
    for (const p of ps) {
      await p.page.waitForFunction(() => [...document.querySelectorAll('#crosstable tbody td:not(.self)')].filter((td) => td.cellIndex > 1 && td.textContent !== '').length === 4);
      await p.page.waitForSelector('#rounds .tour-round h3:has-text("2")');
    }
    const after = await cells(ann, 'crosstable');
    const marks = after.flatMap((row) => row.slice(2)).filter((c) => c !== '').sort();
    assert.deepEqual(marks, ['0', '0', '1', '1']);
    const standings = await cells(ann, 'standings');
    assert.deepEqual(standings.map((r) => r[2]), ['1', '1', '0', '0']);
    await ann.screenshot({ path: `${OUT}/tournament-desktop.png`, fullPage: true });
    await ps[1].page.screenshot({ path: `${OUT}/tournament-phone.png`, fullPage: true });
    assert.deepEqual(await layoutProblems(ps[1].page), [], 'the event page on a phone');
    // The exports.
    const csv = await ann.evaluate(async (id) => (await fetch(`/api/tournaments/${id}/crosstable.csv`)).text(), id);
    assert.match(csv.split('\n')[0], /^rank,player,1,2,3,4,score,SB,Ctrs$/);

    // Rounds 2 and 3, each page following live: the players come, the answering ones resign.
    for (const round of [2, 3]) {
      await comeToGames(ps);
      await answersResign(ps, id);
      const filled = 4 * round;
      for (const p of ps) {
        await p.page.waitForFunction((n) => [...document.querySelectorAll('#crosstable tbody td:not(.self)')].filter((td) => td.cellIndex > 1 && td.textContent !== '').length === n, filled);
      }
    }
    // The end: every page says so, every pair has met once, each game's point is shown from
    // both sides, and the standings add up to the six games.
    const finished = catalog('en')['tour.st.finished'];
    for (const p of ps) {
      await p.page.waitForFunction((text) => document.querySelector('#ev-status').textContent === text, finished);
    }
    const final = await eventOf(ann, id);
    assert.equal(final.state, 'finished');
    assert.equal(final.rounds.length, 3);
    const table = await cells(ann, 'crosstable');
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        if (i === j) continue;
        const [a, b] = [table[i][2 + j], table[j][2 + i]];
        assert.deepEqual([a, b].sort(), ['0', '1'], `players ${i + 1} and ${j + 1}: ${a} and ${b}`);
      }
    }
    const points = (await cells(ann, 'standings')).map((r) => Number(r[2]));
    assert.equal(points.reduce((x, y) => x + y, 0), 6);
    assert.deepEqual(points, [...points].sort((x, y) => y - x), 'the standings in order of points');
    const json = await ann.evaluate(async (id) => (await fetch(`/api/tournaments/${id}/standings.json`)).json(), id);
    assert.equal(json.standings.length, 4);
    // The printable results: the print layout hides the site's navigation and the buttons.
    await ann.emulateMedia({ media: 'print' });
    assert.equal(await ann.isVisible('header.top'), false);
    assert.equal(await ann.isVisible('#crosstable'), true);
    await ann.screenshot({ path: `${OUT}/tournament-final-print.png`, fullPage: true });
    await ann.emulateMedia({ media: 'screen' });
  } finally {
    for (const p of ps) await p.context.close();
  }
});

test('an arena in two browsers: paired again at once, a streak doubles the points', async () => {
  const names = ['Ann', 'Bo'].map(fresh);
  const ann = await openPage('/tournaments', { viewport: DESKTOP });
  const bo = await openPage('/tournaments', { viewport: PHONE, phone: true });
  try {
    await register(ann.page, names[0]);
    await register(bo.page, names[1]);
    const made = await ann.page.evaluate(async () => {
      const r = await fetch('/api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Blitz arena', format: 'arena', minutes: 30, clock: '3+2', public: false }) });
      return r.json();
    });
    await ann.page.goto(`${BASE}${made.url}`);
    await bo.page.goto(`${BASE}${made.url}`);
    await bo.page.click('#ev-join');
    await ann.page.waitForFunction(() => document.querySelectorAll('#standings tbody tr').length === 2);
    await ann.page.click('#ev-start');
    await ann.page.waitForFunction(() => /\d/.test(document.getElementById('ev-countdown').textContent));
    // Bo loses three games running by resigning; each time both are paired again at once,
    // and Ann's points on her page (never reloaded) go 2, 4, 8: the third win is doubled.
    const expected = ['2', '4', '8'];
    let last = null;
    for (const points of expected) {
      await bo.page.waitForFunction((last) => {
        const a = document.getElementById('my-link');
        return !a.hidden && a.getAttribute('href') !== last;
      }, last);
      last = await bo.page.getAttribute('#my-link', 'href');
      const game = await bo.context.newPage();
      await game.goto(`${BASE}${last}`);
      await game.waitForSelector('#clocks:not([hidden])');
      await game.click('#resign');
      await game.click('#resign');
      await game.waitForSelector('#end-box:not([hidden])');
      await game.close();
      await ann.page.waitForFunction((p) => document.querySelector('#standings tbody tr td.score').textContent === p, points);
    }
    assert.match(await ann.page.textContent('#standings tbody tr'), /🔥/);
    await ann.page.waitForFunction(() => document.querySelectorAll('#rounds li').length === 4);
    assert.deepEqual(await layoutProblems(bo.page), [], 'the arena page on a phone');
  } finally {
    await ann.context.close();
    await bo.context.close();
  }
});

test('the tournament pages in every language on a phone: nothing overflows, 44 px targets', async () => {
  // An event to show: made by a player of its own.
  const { context: c0, page: p0 } = await openPage('/tournaments', { viewport: PHONE, phone: true });
  await register(p0, fresh('Org'));
  const made = await p0.evaluate(async () => {
    const r = await fetch('/api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'A rather long club event name to wrap', format: 'swiss', rounds: 5, clock: '1d' }) });
    return r.json();
  });
  await c0.close();
  for (const code of LANGS) {
    for (const [path, ready] of [['/tournaments', '#create-form'], [`/t/${made.id}`, '#standings tbody tr']]) {
      const { context, page } = await openPage(path, { lang: REGION[code] || code, viewport: PHONE, phone: true });
      try {
        await page.waitForSelector(ready);
        if (path === '/tournaments') {
          await page.waitForFunction((h) => document.querySelector('#list-view h1').textContent === h, catalog(code)['tour.heading']);
        }
        assert.deepEqual(await layoutProblems(page), [], `${path} in ${code}`);
        const small = await page.$$eval('main button, main select, main input, main a.button', (es) =>
          es.filter((e) => !e.closest('[hidden]') && e.type !== 'checkbox').map((e) => [e.name || e.id || e.textContent, e.getBoundingClientRect().height]).filter(([, h]) => h < 44));
        assert.deepEqual(small, [], `${path} in ${code}: targets at least 44 px high`);
        if (code === 'ta') await page.screenshot({ path: `${OUT}/tournaments-${path === '/tournaments' ? 'list' : 'event'}-ta-phone.png`, fullPage: true });
      } finally {
        await context.close();
      }
    }
  }
});
