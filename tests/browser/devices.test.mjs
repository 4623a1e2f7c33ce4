// A signed-in player's games are theirs on every device: Ann starts a correspondence game on her
// computer, Bo joins and moves; on her phone, signed in to the same account, Ann finds the game
// on the home page (opponent, time control, time left), plays it from her own side with the
// player's buttons, and the computer's page follows; a watcher sees it as a watcher; Ann
// resigns on the phone and the home page lists the result. Screenshots of both of Ann's
// devices go to target/ at the workspace's root.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE, DESKTOP, PHONE, catalog, useBrowser, openPage, gotoGame, waitPly, playable, fresh, signIn, startOnline, joinAndMove } from './browser.mjs';

useBrowser();

const en = catalog('en');
const TARGET = new URL('../../target/', import.meta.url).pathname;

/** Whether the board is drawn from North's side: North's row the near one, below South's on a
 *  lying board, left of it on an upright one (a portrait phone's). */
const northAtBottom = (page) =>
  page.evaluate(() => {
    const at = (hole) => document.querySelector(`#board .hole[data-hole="${hole}"]`).getBoundingClientRect();
    if (document.getElementById('board').classList.contains('vertical')) return at('N1').x < at('S1').x;
    return at('N1').y > at('S1').y;
  });

test('a correspondence game started on one device is continued and finished on another of the same account', async () => {
  const computer = await openPage('/account', { viewport: DESKTOP });
  const bo = await openPage('/account', { viewport: DESKTOP });
  const phone = await openPage('/account', { viewport: PHONE, phone: true });
  const watcher = await openPage('/', { viewport: DESKTOP });
  try {
    const [ann, boName] = [fresh('Ann'), fresh('Bo')];
    await signIn(computer.page, ann);
    await signIn(bo.page, boName);

    // Ann starts an online game, one day a move, as North, on her computer; Bo joins and moves.
    const c = computer.page;
    await c.goto(`${BASE}/`);
    const { id, invite } = await startOnline(c, { clock: '1d', side: 'north', mode: 'round' });
    await joinAndMove(bo.page, invite, c);

    // Ann's phone, signed in to her account: the home page lists the game, her move.
    const p = phone.page;
    await signIn(p, ann, 'login-form');
    await p.goto(`${BASE}/`);
    const item = `#my-games li[data-game="${id}"]`;
    await p.waitForSelector(`${item}[data-turn="yours"]`);
    const listed = await p.textContent(item);
    assert.ok(listed.includes(`${en['app.title']}, ${en['clock.day1']}`), listed);
    assert.ok(listed.includes(en['players.against'].replace('{names}', boName)), listed);
    assert.ok(listed.includes(en['home.yourTurn']), listed);
    assert.match(listed, /2[0-9] h [0-9]+ min left$/);
    await p.screenshot({ path: `${TARGET}devices-phone-home.png`, fullPage: true });

    // The game on the phone: Ann's side at the bottom, her move in the second person, her
    // holes playable, a player's buttons.
    await p.click(`${item} a`);
    await p.waitForURL(new RegExp(`/g/${id}$`));
    await p.waitForSelector('#board .hole.playable');
    assert.equal(await p.textContent('#status'), `${en['status.round'].replace('{round}', '1')} · ${en['status.yourMove']}`);
    assert.ok(await northAtBottom(p), 'the board is drawn from North, Ann\'s side');
    assert.ok((await playable(p)).every((h) => h.startsWith('N')), String(await playable(p)));
    assert.ok(await p.isVisible('#resign'));
    assert.ok(await p.isVisible('#draw'));
    await p.screenshot({ path: `${TARGET}devices-phone.png`, fullPage: true });

    // A watcher: no seat, no player's buttons, the game from South's side.
    const w = watcher.page;
    await gotoGame(w, `/g/${id}`);
    assert.deepEqual(await playable(w), []);
    assert.equal(await w.isVisible('#resign'), false);
    assert.equal(await w.isVisible('#draw'), false);
    assert.equal(await northAtBottom(w), false);
    assert.ok(!(await w.textContent('#status')).includes(en['status.yourMove']));

    // Ann moves on the phone; her computer follows, Bo answers there.
    await p.click('#board .hole.playable >> nth=0');
    await waitPly(c, 2);
    await waitPly(bo.page, 2);
    await bo.page.waitForSelector('#board .hole.playable');
    await bo.page.click('#board .hole.playable >> nth=0');
    await waitPly(p, 3);
    await c.screenshot({ path: `${TARGET}devices-computer.png`, fullPage: true });

    // Ann finishes the game on the phone: she resigns (two clicks), and both her devices say so.
    await p.waitForSelector('#board .hole.playable');
    await p.click('#resign');
    await p.click('#resign');
    const resigned = en['result.youResigned'];
    await p.waitForFunction((text) => document.getElementById('status').textContent === text, resigned);
    await c.waitForFunction((text) => document.getElementById('status').textContent === text, resigned);
    assert.equal(await p.isVisible('#resign'), false);
    await p.screenshot({ path: `${TARGET}devices-phone-over.png`, fullPage: true });

    // The home page lists it with its result.
    await p.goto(`${BASE}/`);
    await p.waitForSelector(`${item}[data-turn="over"]`);
    assert.match(await p.textContent(item), new RegExp(` · ${en['players.lost']}$`));
    await p.screenshot({ path: `${TARGET}devices-phone-home-over.png`, fullPage: true });
  } finally {
    for (const x of [computer, bo, phone, watcher]) await x.context.close();
  }
});
