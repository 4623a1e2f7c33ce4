// The header's account corner (header.js, docs/PAGE.md): a signed-in player with a game where it
// is their move sees "(1)" in front of the tab's title, their name in the header (linking to
// their player page) and a badge with the count; with a Raja Pasu Mandiri game waiting too,
// "(2)"; on a phone the badge stays on the folded header. After they move, the count goes down,
// and after their last move it goes. A guest sees none of it. Screenshots at 1280x800
// and 390x844 go to output/ (see browser.mjs), to be looked at.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE, DESKTOP, PHONE, catalog, useBrowser, openPage, shotAndCheck, fresh, signIn, startOnline, joinAndMove } from './browser.mjs';

useBrowser();

const en = catalog('en');

/** A JSON POST to the server from the test (another player's device, no account): its answer. */
async function post(path, body) {
  const r = await fetch(`${BASE}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.ok(r.ok, `${path}: ${r.status} ${await r.clone().text()}`);
  return r.json();
}

/** Waits until the tab's title is `title`. */
const waitTitle = (page, title) => page.waitForFunction((want) => document.title === want, title, { timeout: 120000 });

test('the tab title and the header count the games waiting for the signed-in player, and the count goes once they move', async () => {
  const desk = await openPage('/account', { viewport: DESKTOP, lang: 'en-GB' });
  const phone = await openPage('/account', { viewport: PHONE, phone: true, lang: 'en-GB' });
  const friend = await openPage('/', { viewport: DESKTOP, lang: 'en-GB' });
  try {
    const ann = fresh('Ann');
    const d = desk.page;
    await signIn(d, ann);
    // Signed in, no game yet: the name, no badge, no count.
    await d.waitForSelector('#header-me:not([hidden])');
    assert.equal(await d.textContent('#header-me'), ann);
    assert.equal(await d.getAttribute('#header-me', 'href'), `/@/${ann}`);
    assert.equal(await d.isVisible('#header-turns'), false);
    assert.doesNotMatch(await d.title(), /^\(/);

    // Ann starts an online game as North; a friend joins as a guest and moves: Ann's move.
    await d.goto(`${BASE}/`);
    const { id, invite } = await startOnline(d, { side: 'north', mode: 'round' });
    await joinAndMove(friend.page, invite, d);

    // On the game's page, at once: "(1)" before the title, the badge with 1, the name.
    const title = (await d.title()).replace(/^\(\d+\) /, '');
    await waitTitle(d, `(1) ${title}`);
    await d.waitForSelector('#header-turns:not([hidden])');
    assert.equal(await d.textContent('#header-turns'), '1');
    assert.equal(await d.getAttribute('#header-turns', 'href'), `/g/${id}`);
    assert.equal(await d.getAttribute('#header-turns', 'aria-label'), en['header.turns#one'].replace('{n}', '1'));
    assert.equal(await d.textContent('#header-me'), ann);
    await shotAndCheck(d, 'header-your-move-desktop');

    // Ann starts a Raja Pasu Mandiri game as its first player; two friends join: her move too.
    const mandiri = await d.evaluate(async () => {
      const a = await fetch('/api/mandiri/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'online', player: 1 }) });
      return a.json();
    });
    for (const link of mandiri.invites) await post(`/api/mandiri/games/${mandiri.id}/join`, { invite: new URL(link, BASE).searchParams.get('invite') });

    // Ann's phone: the home page, the menu folded; the badge shows on the folded header, the
    // name in the menu.
    const p = phone.page;
    await signIn(p, ann, 'login-form');
    await p.goto(`${BASE}/`);
    await p.waitForSelector('#header-turns:not([hidden])');
    assert.equal(await p.textContent('#header-turns'), '2');
    assert.equal(await p.getAttribute('#header-turns', 'aria-label'), en['header.turns'].replace('{n}', '2'));
    assert.match(await p.title(), /^\(2\) /);
    assert.equal(await p.isVisible('#header-me'), false);
    const [badge, menu] = await Promise.all(['#header-turns', '#menu-button'].map((s) => p.locator(s).boundingBox()));
    assert.ok(Math.abs(badge.y + badge.height / 2 - (menu.y + menu.height / 2)) < 4, 'the badge is on the menu button\'s line');
    await shotAndCheck(p, 'header-your-move-phone');
    await p.click('#menu-button');
    await p.waitForSelector('#header-me:visible');
    assert.equal(await p.textContent('#header-me'), ann);
    await shotAndCheck(p, 'header-menu-open-phone');

    // Ann moves in the Raja Pasu game: the count goes down on its page at once, to the
    // Mandiri game alone.
    await d.waitForSelector('#board .hole.playable');
    await d.click('#board .hole.playable >> nth=0');
    await d.waitForSelector(`#header-turns[href="/m/${mandiri.id}"]`, { timeout: 120000 });
    assert.equal(await d.textContent('#header-turns'), '1');
    assert.match(await d.title(), /^\(1\) /);
    assert.equal(await d.textContent('#header-me'), ann);

    // On the phone, Ann opens the Mandiri game from the badge and moves: nothing waits.
    await p.click('#header-turns');
    await p.waitForURL(new RegExp(`/m/${mandiri.id}$`));
    await p.waitForSelector('#board .hole.playable');
    const mandiriTitle = (await p.title()).replace(/^\(\d+\) /, '');
    assert.match(await p.title(), /^\(1\) /);
    await p.click('#board .hole.playable >> nth=0');
    await waitTitle(p, mandiriTitle);
    await p.waitForSelector('#header-turns', { state: 'hidden' });
  } finally {
    for (const x of [desk, phone, friend]) await x.context.close();
  }
});

test('a guest sees no name and no count, and asks no more once known to be signed out', async () => {
  const { context, page } = await openPage('/', { viewport: PHONE, phone: true, lang: 'en-GB' });
  try {
    await page.waitForFunction(() => localStorage.getItem('rajapasu.signedIn') === 'no');
    assert.equal(await page.isVisible('#header-turns'), false);
    assert.equal(await page.textContent('#header-me'), '');
    const asked = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/account') || r.url().includes('/api/players/')) asked.push(r.url());
    });
    await page.goto(`${BASE}/puzzles`);
    await page.waitForSelector('#puzzles[data-state="ready"]');
    assert.doesNotMatch(await page.title(), /^\(/);
    // The puzzles page asks /api/account itself (the rating); the header asks nothing more.
    assert.ok(asked.every((u) => !u.includes('/api/players/')), asked.join(' '));
  } finally {
    await context.close();
  }
});
