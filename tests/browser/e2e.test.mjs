// End-to-end tests: the web app in Debian's headless Chromium, driven by playwright-core.
// BASE_URL names a running server (run.sh starts one).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OUT, useBrowser, openPage, pageTest, settled, gotoGame, toRoundEnd } from './browser.mjs';

useBrowser();

/** The home page's form, filled in: the game it starts. */
async function startFromHome(page, { kind, level, side, mode }) {
  await page.check(`input[name=kind][value=${kind}]`);
  if (level) await page.selectOption('#level', String(level));
  if (side) await page.selectOption('select[name=side]', side);
  if (mode) await page.selectOption('select[name=mode]', mode);
  await Promise.all([page.waitForURL(/\/g\//), page.click('#start')]);
  await page.waitForSelector('#game[data-status]');
}

pageTest('a whole game against the computer, by clicks', { path: '/' }, async (page) => {
  await startFromHome(page, { kind: 'computer', level: 1, side: 'south', mode: 'round' });
  assert.equal(await toRoundEnd(page, 401), 'round_over');
  // The result, from the player's side.
  assert.match(await page.textContent('#status'), /^(You win the round|The computer wins the round|The round is drawn)/);
  assert.equal(await page.textContent('#end-text'), await page.textContent('#status'));
  // The scoreboard has the finished round, the move list has every move.
  const rows = await page.$$eval('#scoreboard tbody tr', (r) => r.length);
  assert.ok(rows >= 1);
  const listed = await page.$$eval('#move-list button', (b) => b.length);
  assert.equal(listed, Number(await page.getAttribute('#game', 'data-ply')));
  // Replaying to the first move shows that position, and back.
  await page.click('#move-list button >> nth=0');
  await page.waitForSelector('#replay-box:not([hidden])');
  await page.click('#back-live');
  await page.screenshot({ path: `${OUT}/game-over-vs-computer.png`, fullPage: true });
});

pageTest('the level picker offers Perfect (proven), and level 7 opens the round with a proven best move', { path: '/' }, async (page) => {
  await page.check('input[name=kind][value=computer]');
  const options = await page.$$eval('#level option', (o) => o.map((e) => [e.value, e.textContent]));
  assert.deepEqual(options.at(-1), ['7', '7: Perfect (proven)']);
  await page.screenshot({ path: `${OUT}/level-picker.png` });
  await startFromHome(page, { kind: 'computer', level: 7, side: 'north', mode: 'round' });
  await page.waitForFunction(() => Number(document.querySelector('#game').dataset.ply) >= 1);
  // The single round's start: the proven book has S3 and S6 winning by 16, and nothing better.
  const moves = await page.evaluate(async () => (await (await fetch(`/api/games/${location.pathname.split('/')[2]}`)).json()).view.moves);
  assert.ok([3, 6].includes(moves[0]), String(moves));
});

test('an online game between two browsers through the invitation link', async () => {
  const a = await openPage('/');
  await startFromHome(a.page, { kind: 'online', side: 'south', mode: 'match' });
  await a.page.waitForSelector('#invite-box:not([hidden])');
  const invite = await a.page.inputValue('#invite-link');
  assert.match(invite, /\/g\/.+\?invite=/);

  const b = await openPage('/', { lang: 'et-EE' });
  await gotoGame(b.page, invite);
  // The friend's page speaks Estonian, chosen from the browser language.
  assert.equal(await b.page.textContent('a[href="/rules"]'), 'Reeglid');
  await a.page.waitForSelector('#invite-box', { state: 'hidden' });

  // Four moves, alternating; each page sees the other's moves live.
  const players = [a.page, b.page];
  for (let ply = 0; ply < 4; ply++) {
    const mover = players[ply % 2];
    const other = players[(ply + 1) % 2];
    await mover.waitForSelector('.hole.playable');
    assert.equal(await other.$('.hole.playable'), null, 'only the player to move can play');
    if (ply === 1) {
      await mover.keyboard.press(String(await mover.$eval('.hole.playable', (g) => g.dataset.hole.slice(1))));
    } else {
      await mover.click('.hole.playable');
    }
    for (const p of players) {
      await p.waitForFunction((n) => Number(document.getElementById('game').dataset.ply) === n, ply + 1);
    }
  }
  // A reload in the middle keeps the game and the seat.
  await b.page.reload();
  await b.page.waitForFunction(() => Number(document.getElementById('game').dataset.ply) === 4);
  await a.page.waitForSelector('.hole.playable');
  await a.page.click('.hole.playable');
  await b.page.waitForFunction(() => Number(document.getElementById('game').dataset.ply) === 5);
  await b.page.waitForSelector('.hole.playable');
  // Accessible names of the holes.
  const label = await b.page.getAttribute('[data-hole="N1"]', 'aria-label');
  assert.match(label, /Põhi, auk 1: (\d+ nuppu|suletud)/);
  await a.page.screenshot({ path: `${OUT}/board.png` });
  await a.context.close();
  await b.context.close();
});

pageTest('a reload in the middle of a game against the computer keeps it', { path: '/' }, async (page) => {
  await startFromHome(page, { kind: 'computer', level: 1, side: 'north', mode: 'match' });
  await settled(page);
  await page.click('.hole.playable');
  await page.waitForFunction(() => Number(document.getElementById('game').dataset.ply) >= 3);
  await settled(page);
  const ply = await page.getAttribute('#game', 'data-ply');
  // The game's position, as the server has it.
  const serverPosition = () =>
    page.evaluate(async () => (await (await fetch(`/api/games/${location.pathname.split('/')[2]}`)).json()).view.position);
  const position = await serverPosition();
  await page.reload();
  await page.waitForSelector('#game[data-status]');
  await settled(page);
  assert.equal(await page.getAttribute('#game', 'data-ply'), ply);
  assert.equal(await serverPosition(), position);
  // Undo takes back the player's move and the computer's answer.
  await page.click('#undo');
  await page.waitForFunction((p) => Number(document.getElementById('game').dataset.ply) < p, Number(ply));
});

pageTest('the rules page animates the worked examples, in Bengali too', {}, async (page) => {
  await page.reload();
  await page.waitForSelector('#ex6 .hole');
  await page.click('#ex6 .play-example');
  await page.waitForFunction(() => document.querySelector('#ex6 p.small:last-child code'));
  assert.equal(
    await page.textContent('#ex6 p.small:last-child code'),
    '7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2',
  );
  await page.selectOption('#lang', 'bn');
  await page.waitForFunction(() => document.querySelector('h1').textContent.includes('রাজা'));
  await page.screenshot({ path: `${OUT}/rules-bn.png`, fullPage: false });
});
