// What the Mandiri browser tests share: a page at /mandiri with quick animations, the new-game
// form filled in, the ply shown and the holes that may be played.

import { BASE, DESKTOP, newPage, fastAnimations } from './browser.mjs';

/** A new page of `browser` at /mandiri, its animations quick. */
export async function mandiriPage(browser, viewport = DESKTOP, lang = 'en-GB') {
  const p = await newPage(browser, lang, viewport);
  await p.page.goto(`${BASE}/mandiri`);
  await fastAnimations(p.page);
  return p;
}

/** Waits until the game page shows at least `n` moves played. */
export const waitPly = (pg, n, timeout = 30000) =>
  pg.waitForFunction((k) => Number(document.getElementById('game').dataset.ply) >= k, n, { timeout });

/** The game's id, from the page's address. */
export const gameId = (pg) => new URL(pg.url()).pathname.split('/')[2];

/** The holes the page lets the player play now. */
export const playable = (pg) => pg.$$eval('#board .hole.playable', (h) => h.map((e) => e.dataset.hole));

/** Creates a game with the new-game form; returns its id. */
export async function create(pg, { kind, level, player, mode }) {
  await pg.waitForSelector('#m-new-game');
  await pg.check(`input[name=kind][value=${kind}]`);
  if (level) await pg.selectOption('#m-level', String(level));
  if (player) await pg.selectOption('#m-player', String(player));
  if (mode) await pg.selectOption('select[name=mode]', mode);
  await Promise.all([pg.waitForURL(/\/m\/[^/?]+$/), pg.click('#m-start')]);
  await pg.waitForSelector('#game[data-status]');
  return gameId(pg);
}
