// Where a game's end leads: a game against the computer played to its end opens on the
// analysis board with its moves ("Analyse this game"); an event's game links back to the event
// from its end box (however the game was opened), and the event page shows the finished game's
// result (not "Watch") and tells the player with a bye. Screenshots go to target/, to be looked at.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdirSync } from 'node:fs';
import { BASE, DESKTOP, useBrowser, openPage, gotoGame, toRoundEnd } from './browser.mjs';
import { fresh, register, eventOf } from './tournament_steps.mjs';

useBrowser();

const SHOTS = new URL('../../target/', import.meta.url);
mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => page.screenshot({ path: new URL(`onward-${name}.png`, SHOTS).pathname, fullPage: true });

/** A request of the page's session: its JSON answer. */
const api = (page, method, path, body) =>
  page.evaluate(async ({ method, path, body }) => {
    const r = await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
    return { status: r.status, body: await r.json() };
  }, { method, path, body });

test('a game played to its end opens on the analysis board with its moves', async () => {
  const { page } = await openPage('/rules', { viewport: DESKTOP });
  const r = await page.evaluate(async () => {
    const a = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'computer', level: 1, side: 'south', mode: 'round' }) });
    const v = await a.json();
    const all = JSON.parse(localStorage.getItem('rajapasu.games') || '{}');
    all[v.id] = { token: v.token, seat: v.seat, kind: 'computer', created: v.game.created };
    localStorage.setItem('rajapasu.games', JSON.stringify(all));
    return v;
  });
  await gotoGame(page, `/g/${r.id}`);
  assert.notEqual(await toRoundEnd(page), 'playing');
  await page.waitForSelector('#end-box:not([hidden])');
  // Not a game of an event: no way back to one.
  assert.equal(await page.isVisible('#end-event'), false);
  assert.equal(await page.getAttribute('#end-analyse', 'href'), `/analysis?game=${r.id}`);
  await shot(page, 'end-box');
  const plies = Number(await page.getAttribute('#game', 'data-ply'));
  assert.ok(plies > 0);
  await page.click('#end-analyse');
  // The board takes the game's record: the link becomes the board's own, with every move.
  await page.waitForURL(/\/analysis\?rules=.*&moves=/);
  await page.waitForFunction(() => document.getElementById('analysis').dataset.state === 'ready');
  const moves = new URL(page.url()).searchParams.get('moves').split('.');
  assert.equal(moves.length, plies);
  assert.equal(await page.textContent('#an-error'), '');
  assert.equal(await page.$$eval('#an-line li', (li) => li.length) >= plies, true);
  // One move back, the last move's position: every legal move has its value.
  await page.click('#an-back');
  await page.waitForFunction(() => document.getElementById('analysis').dataset.state === 'ready' && document.querySelector('#an-table tbody tr[data-move]'));
  assert.ok(await page.$$eval('#an-table tbody tr[data-move] .an-value', (v) => v.every((x) => x.textContent.trim() !== '')));
  await shot(page, 'analysis');
});

test('an event: the bye told, the game links back, the finished game shows its result', async () => {
  const names = ['Ann', 'Bo', 'Cy'].map(fresh);
  const ps = [];
  for (const name of names) {
    const p = await openPage('/tournaments', { viewport: DESKTOP });
    await register(p.page, name);
    ps.push(p);
  }
  const made = await api(ps[0].page, 'POST', '/api/tournaments', { name: `Club ${names[0]}`, format: 'swiss', rounds: 2, clock: '10+5' });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.tournament.id;
  for (const p of ps.slice(1)) assert.equal((await api(p.page, 'POST', `/api/tournaments/${id}/join`)).status, 200);
  assert.equal((await api(ps[0].page, 'POST', `/api/tournaments/${id}/start`)).status, 200);
  const round = (await eventOf(ps[0].page, id)).rounds[0];
  assert.equal(round.byes.length, 1);
  const byName = (name) => ps[names.indexOf(name)].page;
  const resting = byName(round.byes[0]);
  const [lead, answer] = [byName(round.boards[0].first), byName(round.boards[0].second)];
  for (const page of [resting, lead, answer]) await page.goto(`${BASE}/t/${id}`);
  // The player with the bye is told what it scores in a Swiss event.
  await resting.waitForSelector('#my-card:not([hidden])');
  assert.equal(await resting.textContent('#my-text'), 'You have a bye this round (+1).');
  assert.equal(await resting.isVisible('#my-play'), false);
  await shot(resting, 'bye');
  // The two others come; the answering player opens the game from the event and resigns.
  for (const page of [lead, answer]) {
    await page.waitForSelector('#my-play:not([hidden]), #my-link:not([hidden])');
    if (await page.isVisible('#my-play')) await page.click('#my-play');
  }
  await answer.waitForSelector('#my-link:not([hidden])');
  const href = await answer.getAttribute('#my-link', 'href');
  assert.match(href, new RegExp(`^/g/\\w+\\?event=${id}$`));
  await answer.goto(`${BASE}${href}`);
  await answer.waitForSelector('#clocks:not([hidden])');
  await answer.click('#resign');
  await answer.click('#resign');
  await answer.waitForSelector('#end-box:not([hidden])');
  assert.equal(await answer.getAttribute('#end-event', 'href'), `/t/${id}`);
  assert.ok(await answer.isVisible('#end-analyse'));
  await shot(answer, 'event-end-box');
  await answer.click('#end-event');
  await answer.waitForURL(new RegExp(`/t/${id}$`));
  const game = (await eventOf(answer, id)).rounds[0].boards[0].game;
  // The game knows its event: opened by its bare link, its end box still leads back.
  await lead.goto(`${BASE}/g/${game}`);
  await lead.waitForSelector('#end-box:not([hidden])');
  assert.equal(await lead.getAttribute('#end-event', 'href'), `/t/${id}`);
  assert.ok(await lead.isVisible('#end-event'));
  await shot(lead, 'event-end-box-bare-link');
  // Round 1's game is finished: its result links the game, and no "Watch" is beside it.
  const result = answer.locator('#rounds .tour-round li.finished');
  await result.first().waitFor();
  const item = answer.locator('#rounds .tour-round li.finished', { hasText: round.boards[0].first });
  assert.equal(await item.locator('a.tour-result').textContent(), '1-0');
  assert.match(await item.locator('a.tour-result').getAttribute('href'), new RegExp(`^/g/${game}\\?event=${id}$`));
  assert.equal(await item.getByText('Watch').count(), 0);
  await shot(answer, 'event-result');
  for (const p of ps) await p.context.close();
});
