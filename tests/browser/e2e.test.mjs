// End-to-end tests: the web app in Debian's headless Chromium, driven by playwright-core.
// BASE_URL names a running server (run.sh starts one).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { BASE, DESKTOP, OUT, useBrowser, openPage, pageTest, settled, gotoGame, toRoundEnd, waitPly, startFromHome } from './browser.mjs';

useBrowser();

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

/** Where the documents' screenshots go besides output/: RAJAPASU_SCREENSHOTS, a directory
 *  relative to the repository's root (`docs` refreshes the README's; docs/TESTING.md). */
const SCREENSHOTS = process.env.RAJAPASU_SCREENSHOTS
  ? resolve(new URL('../..', import.meta.url).pathname, process.env.RAJAPASU_SCREENSHOTS)
  : null;

/** Takes the screenshot `name` into output/, and copies it to SCREENSHOTS if set: the window,
 *  or with `upTo` the page from its top to the bottom of that element (taller than the window). */
async function documentShot(page, name, { upTo } = {}) {
  const path = `${OUT}/${name}`;
  if (upTo) {
    const bottom = await page.$eval(upTo, (e) => e.getBoundingClientRect().bottom + window.scrollY);
    const width = page.viewportSize().width;
    await page.screenshot({ path, fullPage: true, clip: { x: 0, y: 0, width, height: Math.ceil(bottom) + 16 } });
  } else {
    await page.screenshot({ path });
  }
  if (SCREENSHOTS) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    copyFileSync(path, `${SCREENSHOTS}/${name}`);
  }
}

test('the screenshots of the documents: a game and the analysis board, at the desktop size', async () => {
  // A single round against the computer after a move each, with a hint shown: the opening
  // book proves it.
  const game = await openPage('/', { lang: 'en-GB', viewport: DESKTOP });
  try {
    await startFromHome(game.page, { kind: 'computer', level: 3, side: 'south', mode: 'round' });
    assert.equal(await settled(game.page), 'playing');
    await game.page.click('#board [data-hole="S7"]');
    // The computer's answer too.
    await waitPly(game.page, 2);
    assert.equal(await settled(game.page), 'playing');
    await game.page.click('#hint');
    await game.page.waitForFunction(() => /\(proven\)\.$/.test(document.getElementById('hint-text').textContent));
    await documentShot(game.page, 'screenshot-game.png');
  } finally {
    await game.context.close();
  }

  // The analysis board two moves into a single round (7 1, every move legal): every value proven
  // by the opening book.
  const analysis = await openPage('/', { lang: 'en-GB', viewport: DESKTOP, slow: true });
  try {
    await analysis.page.goto(`${BASE}/analysis?rules=canonical/mode=round&moves=7.1`);
    await analysis.page.waitForFunction(() => {
      const a = document.getElementById('analysis');
      return a.dataset.state === 'ready' && document.querySelector('#an-table tbody tr[data-move]');
    });
    const proven = await analysis.page.$$eval('#an-table tbody tr[data-move]', (rows) => rows.map((r) => r.dataset.exact));
    assert.ok(proven.length > 0 && proven.every((e) => e === 'true'), String(proven));
    // The board and every move's value under it (not the share box below, with the test
    // server's address).
    await documentShot(analysis.page, 'screenshot-analysis.png', { upTo: '#an-moves-card' });
  } finally {
    await analysis.context.close();
  }
});
