// A Mandiri round-robin in three browsers: a player makes it from the form (the game
// Mandiri), two others join by its link, the creator starts it, the three come to their table,
// the Raja goes to the game and resigns, and every event page (never reloaded) shows the
// table's points (the Raja 0, the two ends 1½ each, pair by pair) and round 2 seated with
// another Raja. Then the page on a phone: nothing overflows.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fresh, register, eventOf, players, submitForm, joinByLink, comeToGames } from './tournament_steps.mjs';
import { BASE, DESKTOP, PHONE, useBrowser, openPage, layoutProblems, OUT } from './browser.mjs';

useBrowser();

test('a Mandiri round-robin in three browsers: a table played, its points shown live', async () => {
  const names = ['Ann', 'Bo', 'Cy'].map(fresh);
  const views = [DESKTOP, PHONE, DESKTOP];
  const ps = await players(names, views);
  try {
    const ann = ps[0].page;
    await ann.reload();
    await ann.waitForSelector('#create-submit:not([disabled])');
    await ann.fill('#create-name', `Three ${names[0]}`);
    // Mandiri has no arena: choosing it takes the arena out of the formats.
    await ann.selectOption('#create-format', 'arena');
    await ann.selectOption('#create-game', 'mandiri');
    assert.equal(await ann.inputValue('#create-format'), 'round-robin');
    assert.equal(await ann.isDisabled('#format-arena'), true);
    await ann.selectOption('#create-clock', '10+5');
    await ann.selectOption('#create-window', '60');
    const { url, id } = await submitForm(ann);
    await joinByLink(ps.slice(1), url);
    await ann.waitForFunction(() => document.querySelectorAll('#standings tbody tr').length === 3);
    assert.match(await ann.textContent('#ev-summary'), /Mandiri/);
    await ann.click('#ev-start');
    await comeToGames(ps);
    assert.equal(await ann.isVisible('#rule-mandiri'), true);
    // The Raja goes to the game (a Mandiri page) and resigns.
    const first = await eventOf(ann, id);
    const table = first.rounds[0].boards[0];
    const raja = ps[names.indexOf(table.first)];
    assert.match(await raja.page.textContent('#my-text'), /Raja/);
    const href = await raja.page.getAttribute('#my-link', 'href');
    assert.match(href, /^\/m\//);
    const game = await raja.context.newPage();
    await game.goto(`${BASE}${href}`);
    await game.waitForSelector('#game[data-status]');
    await game.click('#resign');
    await game.click('#resign');
    await game.waitForSelector('#end-box:not([hidden])');
    // Every event page shows the table's points live, and round 2 with another Raja.
    for (const p of ps) {
      await p.page.waitForFunction(() => [...document.querySelectorAll('#rounds li strong')].some((s) => s.textContent === '0 · 1½ · 1½'));
      await p.page.waitForSelector('#rounds .tour-round h3:has-text("2")');
    }
    const second = await eventOf(ann, id);
    assert.notEqual(second.rounds[1].boards[0].first, table.first);
    // Each table's row labels its Raja, the first name, on a desktop and on a phone.
    for (const p of ps.slice(0, 2)) {
      const rows = await p.page.$$eval('#rounds .tour-players', (spans) => spans.map((s) => ({
        badge: s.querySelector('.raja-badge')?.textContent,
        names: [...s.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim(),
      })));
      // Round 2 first, then round 1.
      assert.deepEqual(rows.map((r) => r.badge), ['Raja', 'Raja']);
      assert.ok(rows[0].names.startsWith(`${second.rounds[1].boards[0].first} – `), rows[0].names);
      assert.ok(rows[1].names.startsWith(`${table.first} – `), rows[1].names);
    }
    const scores = await ann.$$eval('#standings tbody tr td.score', (tds) => tds.map((td) => td.textContent));
    assert.deepEqual(scores, ['1½', '1½', '0']);
    await ann.screenshot({ path: `${OUT}/tournament-mandiri-desktop.png`, fullPage: true });
    await ps[1].page.screenshot({ path: `${OUT}/tournament-mandiri-phone.png`, fullPage: true });
    assert.deepEqual(await layoutProblems(ps[1].page), [], 'the Mandiri event page on a phone');
  } finally {
    for (const p of ps) await p.context.close();
  }
});

test('the lobby lists public events taking entries, not private ones, and links them', async () => {
  const { context, page } = await openPage('/lobby', { viewport: PHONE, phone: true });
  try {
    await register(page, fresh('Org'));
    const make = (name, more) => page.evaluate(async (body) => (await (await fetch('/api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json()), { name, format: 'swiss', rounds: 3, clock: '1d', game: 'mandiri', ...more });
    const open = await make(fresh('Open'), {});
    const hidden = await make(fresh('Hidden'), { public: false });
    await page.reload();
    await page.waitForSelector(`#lobby-events:not([hidden]) a[href="/t/${open.id}"]`);
    assert.equal(await page.$(`#lobby-events a[href="/t/${hidden.id}"]`), null, 'a private event is reached by its link only');
    assert.match(await page.textContent(`#lobby-events a[href="/t/${open.id}"]`), /Mandiri/);
    assert.deepEqual(await layoutProblems(page), [], 'the lobby with its events on a phone');
    await page.click(`#lobby-events a[href="/t/${open.id}"]`);
    await page.waitForURL(new RegExp(`/t/${open.id}$`));
  } finally {
    await context.close();
  }
});
