// The clocks of a timed online game: chosen in the new-game form, shown on both players'
// pages, the mover's time charged with the increment and the other's running after a move,
// counting down between updates, on a desktop and on a phone; and in Raja Pasu Mandiri, three
// clocks; a correspondence game goes on across a restart of its server. Screenshots go to
// output/ (see browser.mjs).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE, DESKTOP, PHONE, useBrowser, pageTest, openPage, newPage, fastAnimations, shotAndCheck, keptGame, startOnline } from './browser.mjs';
import { ownServer } from './own_server.mjs';

useBrowser();

/** The clocks as a page shows them: [name, time, running] for each player. */
const clocksOf = (page) =>
  page.$$eval('#clocks .clock', (cs) => cs.map((c) => [c.querySelector('.clock-name').textContent, c.querySelector('.clock-time').textContent, c.classList.contains('running')]));

/** Seconds of a clock's text `m:ss`. */
const seconds = (text) => {
  const [m, s] = text.split(':');
  return Number(m) * 60 + Number(s);
};

pageTest('a 3+2 game: both players see both clocks, and a move charges one and starts the other', { path: '/', viewport: DESKTOP }, async (page) => {
  const { invite } = await startOnline(page, { clock: '3+2', mode: 'round' });
  // Before the friend comes, no time runs.
  assert.deepEqual((await clocksOf(page)).map((c) => c[1]), ['3:00', '3:00']);
  assert.ok((await clocksOf(page)).every((c) => !c[2]));
  const { context, page: friend } = await openPage(new URL(invite).pathname + new URL(invite).search, { viewport: PHONE, phone: true });
  try {
    await friend.waitForSelector('#clocks:not([hidden])');
    // The friend took the last seat: South's time runs, on both pages.
    for (const p of [page, friend]) await p.waitForFunction(() => document.querySelectorAll('#clocks .clock')[0].classList.contains('running'));
    await page.waitForFunction(() => document.querySelectorAll('#clocks .clock-time')[0].textContent !== '3:00');
    assert.ok(seconds((await clocksOf(page))[0][1]) < 180, 'counting down');
    await page.click('[data-hole="S3"]');
    for (const p of [page, friend]) await p.waitForFunction(() => document.querySelectorAll('#clocks .clock')[1].classList.contains('running'), null, { timeout: 60000 });
    const [south, north] = await clocksOf(friend);
    // South used a few seconds and got two back; North's time runs.
    assert.ok(seconds(south[1]) >= 170 && seconds(south[1]) <= 181, south[1]);
    assert.ok(north[2] && !south[2]);
    await shotAndCheck(friend, 'clocks-phone');
    const small = await friend.$$eval('#clocks .clock', (cs) => cs.map((c) => c.getBoundingClientRect().height).filter((h) => h < 44));
    assert.deepEqual(small, [], 'clocks at least 44 px high');
    await shotAndCheck(page, 'clocks-desktop');
  } finally {
    await context.close();
  }
});

pageTest('a Mandiri game of days a move shows three clocks', { path: '/mandiri', viewport: DESKTOP }, async (page) => {
  const r = await keptGame(page, 'mandiri', { kind: 'online', clock: '3d' });
  await page.evaluate(async (v) => {
    for (const link of v.invites) {
      const code = new URL(link, location.href).searchParams.get('invite');
      await fetch(`/api/mandiri/games/${v.id}/join`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ invite: code }) });
    }
  }, r);
  await page.goto(`${BASE}/m/${r.id}`);
  await page.waitForSelector('#clocks:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#clocks .clock').length === 3);
  const clocks = await clocksOf(page);
  // The running clock has just begun: three days, or a moment less.
  assert.ok(['2 d 23 h', '3 d 0 h'].includes(clocks[0][1]), clocks[0][1]);
  assert.deepEqual(clocks.slice(1).map((c) => c[1]), ['3 d 0 h', '3 d 0 h']);
  assert.deepEqual(clocks.map((c) => c[2]), [true, false, false]);
});

test('a correspondence game goes on across a server restart', async () => {
  const server = await ownServer();
  const { context, page } = await newPage('en-GB', DESKTOP);
  let friend = null;
  try {
    await page.goto(`${server.base}/`);
    await fastAnimations(page);
    const invite = new URL((await startOnline(page, { clock: '1d', mode: 'round' })).invite);
    friend = await newPage('en-GB', PHONE, { phone: true });
    await friend.page.goto(`${server.base}${invite.pathname}${invite.search}`);
    await fastAnimations(friend.page);
    await friend.page.waitForSelector('#clocks:not([hidden])');
    // South moves before the restart.
    await page.waitForSelector('#board .hole.playable');
    await page.click('#board .hole.playable');
    await friend.page.waitForFunction(() => Number(document.getElementById('game').dataset.ply) === 1, null, { timeout: 60000 });
    const deadline = async () => (await (await fetch(`${server.base}/api/games/${new URL(page.url()).pathname.split('/')[2]}`)).json()).clock.deadline;
    const before = await deadline();
    // The server stops and starts again on the same port and database; the pages stay open.
    await server.restart();
    // North's day runs on with the same deadline; North moves, and South's page sees it.
    assert.equal(await deadline(), before);
    await friend.page.waitForSelector('#board .hole.playable', { timeout: 60000 });
    await friend.page.click('#board .hole.playable');
    await page.waitForFunction(() => Number(document.getElementById('game').dataset.ply) === 2, null, { timeout: 60000 });
    // South's clock runs again, a day a move.
    await page.waitForFunction(() => document.querySelectorAll('#clocks .clock')[0].classList.contains('running'));
    const south = await page.textContent('#clocks .clock:first-child .clock-time');
    assert.ok(['1 d 0 h', '23 h 59 min'].includes(south), south);
  } finally {
    await context.close();
    await friend?.context.close();
    await server.close();
  }
});
