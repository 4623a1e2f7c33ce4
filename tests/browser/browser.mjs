// What the browser tests share: Debian's headless Chromium through playwright-core, pages with
// a browser language and a window size, fast animations, the game pages' states, the Mandiri
// new-game form, and the page-layout checks.

import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const BASE = process.env.BASE_URL || 'http://127.0.0.1:8080';
/** The window sizes the pages are checked at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** A browser locale for each of the page's languages. */
export const REGION = { en: 'en-GB', bn: 'bn-BD', et: 'et-EE', si: 'si-LK', ta: 'ta-IN' };
const I18N = new URL('../../web/i18n/', import.meta.url);
/** The page's languages: one catalog each. */
export const LANGS = readdirSync(I18N)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));
/** The messages of the language `code`. */
export const catalog = (code) => JSON.parse(readFileSync(new URL(`${code}.json`, I18N), 'utf8'));
/** Screenshots go here (ignored by git). */
export const OUT = new URL('./output/', import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });

/** How Chromium is started: Debian's, headless, without the services a test never uses. */
export const LAUNCH = {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The browser of a test file. run.sh starts one Chromium for every file (browser_server.mjs)
 * and names it in BROWSER_WS_ENDPOINT: the file connects to it, and its `close()` only closes
 * the file's own contexts. Without it (a file run on its own) the file launches its own.
 * Every test opens its own browser context (newPage): no storage or cookie is shared.
 */
function launch() {
  const endpoint = process.env.BROWSER_WS_ENDPOINT;
  return endpoint ? chromium.connect(endpoint) : chromium.launch(LAUNCH);
}

let browser = null;

/** Connects this test file to its browser (launch) before its tests, and closes it after them. */
export function useBrowser() {
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
}

/** A page in a browser context of its own: the browser's language, its window, and a phone's
 *  touch screen when `phone`. */
export async function newPage(lang = 'en-US', viewport = { width: 1100, height: 900 }, { phone = false } = {}) {
  const context = await browser.newContext({ locale: lang, viewport, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  // Every wait for the page (a selector, a function, a navigation) is bounded generously: on a
  // busy machine an animation or an answer can take far longer than on a quiet one, and a
  // wait that fails only says the bound ran out.
  page.setDefaultTimeout(120000);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return { context, page };
}

export async function fastAnimations(page) {
  await page.evaluate(() => localStorage.setItem('rajapasu.speed', '6'));
}

/** A new page (newPage's `lang`, `viewport` and `phone`) at `path` on the site, whose storage
 *  the site's pages share; its animations fast unless `slow`. */
export async function openPage(path, { lang, viewport, phone, slow = false } = {}) {
  const p = await newPage(lang, viewport, { phone });
  await p.page.goto(`${BASE}${path}`);
  if (!slow) await fastAnimations(p.page);
  return p;
}

/** Switches the page to the language `code` with the header's switch, opening the header's
 *  menu first where it is folded (a phone). */
export async function chooseLanguage(page, code) {
  if (await page.isVisible('#menu-button') && !(await page.isVisible('#lang'))) await page.click('#menu-button');
  await page.selectOption('#lang', code);
}

/** A test with a page of its own (openPage's, at `path`), closed after the test. */
export function pageTest(name, { path = '/rules', ...options }, body) {
  test(name, async () => {
    const { context, page } = await openPage(path, options);
    try {
      await body(page);
    } finally {
      await context.close();
    }
  });
}

// ---------------------------------------------------------------- the game pages

/** The number of moves the game page shows played. */
export const ply = (page) => page.evaluate(() => Number(document.getElementById('game').dataset.ply));

/** Waits until the game page shows at least `n` moves played. */
export const waitPly = (page, n, timeout = 120000) =>
  page.waitForFunction((k) => Number(document.getElementById('game').dataset.ply) >= k, n, { timeout });

/** Waits until the player may move, or the page waits between rounds, or the game is over and
 *  shown; returns 'paused' between rounds, else the game's status. */
export async function settled(page, timeout = 60000) {
  await page.waitForFunction(
    () => {
      const g = document.getElementById('game');
      if (g.dataset.phase === 'paused') return true;
      return (g.dataset.status !== 'playing' && g.dataset.phase === 'idle') || document.querySelector('#board .hole.playable');
    },
    null,
    { timeout },
  );
  return page.evaluate(() => {
    const g = document.getElementById('game');
    return g.dataset.phase === 'paused' ? 'paused' : g.dataset.status;
  });
}

/** A name no earlier run against the same server has taken. */
export const fresh = (stem) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Registers `name` with the tests' password (or logs in as `name`, with `form` 'login-form')
 *  on the account page the browser is on, and waits until it is signed in. */
export async function signIn(page, name, form = 'register-form') {
  await page.waitForSelector('#signed-out:not([hidden])');
  await page.fill(`#${form} input[name=name]`, name);
  await page.fill(`#${form} input[name=password]`, 'a long secret');
  await page.click(`#${form} button[type=submit]`);
  await page.waitForSelector('#signed-in:not([hidden])');
}

/** Starts a game of `kind` ('local', 'computer', 'online') from the form of the home page the
 *  browser is on, with the `level`, `side`, `mode` and `clock` given chosen, and waits for the
 *  game's page. */
export async function startFromHome(page, { kind, level, side, mode, clock }) {
  await page.check(`#new-game input[name=kind][value=${kind}]`);
  if (level) await page.selectOption('#level', String(level));
  if (side) await page.selectOption('#new-game select[name=side]', side);
  if (mode) await page.selectOption('#new-game select[name=mode]', mode);
  if (clock) {
    await page.waitForSelector('#clock-field:not([hidden])');
    await page.selectOption('#new-game select[name=clock]', clock);
  }
  await Promise.all([page.waitForURL(/\/g\/\w+$/), page.click('#start')]);
  await page.waitForSelector('#game[data-status]');
}

/** [startFromHome] an online game: its id and its invitation link, once the page shows it. */
export async function startOnline(page, choices = {}) {
  await startFromHome(page, { ...choices, kind: 'online' });
  await page.waitForSelector('#invite-box:not([hidden])');
  return { id: gameId(page), invite: await page.inputValue('#invite-link') };
}

/** `page` takes the seat of the invitation link `invite` and plays its first playable hole;
 *  the game's `creator` page shows that move. */
export async function joinAndMove(page, invite, creator) {
  await gotoGame(page, invite);
  await page.waitForSelector('#board .hole.playable');
  await page.click('#board .hole.playable >> nth=0');
  await waitPly(creator, 1);
}

/** Goes to the game page at `path` (or at a whole address: an invitation), and waits for its
 *  game. */
export async function gotoGame(page, path) {
  await page.goto(path.startsWith('http') ? path : `${BASE}${path}`);
  await page.waitForSelector('#game[data-status]');
}

/** The player moves (against the computer: the computer answers) until the round is over,
 *  playing each time one of the holes in turn, and fewer than `limit` moves; returns the page's
 *  state then ('paused' between the rounds of a match). */
export async function toRoundEnd(page, limit = 200) {
  for (let moves = 1; ; moves++) {
    const status = await settled(page);
    if (status !== 'playing') return status;
    const holes = await playable(page);
    const before = await ply(page);
    await page.click(`#board [data-hole="${holes[moves % holes.length]}"]`);
    await waitPly(page, before + 1);
    assert.ok(moves + 1 < limit, 'the round ends');
  }
}

/** Opens the next round of a match waiting at its summary, and waits until the page has the
 *  server's word that it is open (a Mandiri view is already the next round's while it waits). */
export async function openNextRound(page) {
  await page.click('#next-round');
  await page.waitForFunction(() => {
    const g = document.getElementById('game');
    return g.dataset.status !== 'between_rounds' && document.getElementById('round-summary').hidden;
  });
}

/** The game's id, from the page's address. */
export const gameId = (page) => new URL(page.url()).pathname.split('/')[2];

/** The holes the page lets the player play now. */
export const playable = (page) => page.$$eval('#board .hole.playable', (h) => h.map((e) => e.dataset.hole));

/** A page at /mandiri (openPage's options, a pageTest's), its animations quick. */
export const MANDIRI = { path: '/mandiri', lang: 'en-GB', viewport: DESKTOP };
/** A new page at /mandiri, its animations quick. */
export const mandiriPage = (viewport = DESKTOP, lang = 'en-GB') => openPage(MANDIRI.path, { viewport, lang });

/** Creates a Mandiri game with the new-game form; returns its id. */
export async function createMandiri(page, { kind, level, player, mode }) {
  await page.waitForSelector('#m-new-game');
  await page.check(`input[name=kind][value=${kind}]`);
  if (level) await page.selectOption('#m-level', String(level));
  if (player) await page.selectOption('#m-player', String(player));
  if (mode) await page.selectOption('select[name=mode]', mode);
  await Promise.all([page.waitForURL(/\/m\/[^/?]+$/), page.click('#m-start')]);
  await page.waitForSelector('#game[data-status]');
  return gameId(page);
}

/** A game on this device (two players at one screen) from the start, single round, with South's
 *  S3 played and shown: from the home page. */
export async function localRoundAfterS3(page) {
  await page.check('input[name=kind][value=local]');
  await page.selectOption('select[name=mode]', 'round');
  await Promise.all([page.waitForURL(/\/g\//), page.click('#start')]);
  await page.waitForSelector('#board .hole.playable[data-hole="S3"]');
  await page.click('[data-hole="S3"]');
  await waitPly(page, 1);
  await settled(page);
}

/** Makes a game from the page with the API (`game` 'rajapasu' or 'mandiri', `body` as
 *  `POST /api/games` or `/api/mandiri/games` takes it) and keeps it in this browser's storage as
 *  the page keeps the games it makes; returns the API's answer. */
export function keptGame(page, game, body) {
  return page.evaluate(async ({ game, body }) => {
    const mandiri = game === 'mandiri';
    const a = await fetch(mandiri ? '/api/mandiri/games' : '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const v = await a.json();
    const key = mandiri ? 'rajapasu.mandiri' : 'rajapasu.games';
    const all = JSON.parse(localStorage.getItem(key) || '{}');
    all[v.id] = mandiri
      ? { token: v.token, players: v.players, kind: body.kind, created: v.game.created, invites: v.invites }
      : { token: v.token, seat: v.seat, kind: body.kind, created: v.game.created, invite: v.invite };
    localStorage.setItem(key, JSON.stringify(all));
    return v;
  }, { game, body });
}

// ---------------------------------------------------------------- the layout checks

/** The parts of a game's first screen (docs/PAGE.md: whose turn, every clock, the board, resign
 *  and the draw button) that lie outside the window or are not shown at all. */
export function firstScreenProblems(page) {
  return page.evaluate(() => {
    const parts = [['board', '#board'], ['turn', '#status'], ['resign', '#resign'], ['draw offer', '#draw']];
    document.querySelectorAll('#clocks .clock').forEach((c, i) => parts.push([`clock ${i + 1}`, `#clocks .clock:nth-child(${i + 1})`]));
    const w = document.documentElement.clientWidth;
    const h = document.documentElement.clientHeight;
    const out = [];
    for (const [name, sel] of parts) {
      const e = document.querySelector(sel);
      const r = e?.getBoundingClientRect();
      if (!r || !r.width || !r.height) out.push(`${name} is not shown`);
      else if (r.top < 0 || r.left < 0 || r.bottom > h + 0.5 || r.right > w + 0.5) {
        out.push(`${name} at ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)} in ${w}x${h}`);
      }
    }
    // The board's holes too: the picture fits its box, and its box the window.
    for (const hole of document.querySelectorAll('#board .hole')) {
      const r = hole.getBoundingClientRect();
      if (r.top < 0 || r.bottom > h + 0.5) out.push(`hole ${hole.dataset.hole} at ${Math.round(r.top)}..${Math.round(r.bottom)}`);
    }
    return out;
  });
}

/** Takes the screenshot `name` first, so that a page that fails the checks can be looked at;
 *  then nothing may overflow, and the boards' texts keep clear of their borders. */
export async function shotAndCheck(page, name) {
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
  assert.deepEqual(await layoutProblems(page), [], `${name}: nothing may overflow`);
  assert.deepEqual(await boardProblems(page), [], `${name}: the board's texts keep clear of its border`);
}

/**
 * Everything shown on the page that does not fit: the page wider than the window, an element
 * whose content is wider than its box (or taller, where the box clips), an element outside the
 * window, a select too narrow for its chosen option, a board text outside the board. Returns
 * one line per problem; empty when everything fits.
 */
export function layoutProblems(page) {
  return page.evaluate(() => {
    const out = [];
    const width = document.documentElement.clientWidth;
    const name = (e) => {
      const id = e.id ? `#${e.id}` : '';
      const cls = typeof e.className === 'string' && e.className ? `.${e.className.split(' ').join('.')}` : '';
      const text = (e.textContent || e.value || '').trim().slice(0, 40);
      return `<${e.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };
    if (document.documentElement.scrollWidth > width + 1) {
      out.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`);
    }
    const shown = (e) => {
      if (e.closest('[hidden], .sr-only')) return false;
      const r = e.getBoundingClientRect();
      return r.width > 0 || r.height > 0;
    };
    for (const e of document.body.querySelectorAll('*')) {
      if (e instanceof SVGElement || !shown(e)) continue;
      const cs = getComputedStyle(e);
      const r = e.getBoundingClientRect();
      if (r.left < -1 || r.right > width + 1) out.push(`${name(e)} reaches ${Math.round(r.left)}..${Math.round(r.right)}px`);
      // A text input scrolls its value by design.
      if (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') continue;
      if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) {
        out.push(`${name(e)}: content ${e.scrollWidth}px wide in a ${e.clientWidth}px box`);
      }
      if (['hidden', 'clip'].includes(cs.overflowY) && e.scrollHeight > e.clientHeight + 1) {
        out.push(`${name(e)}: content ${e.scrollHeight}px tall in a ${e.clientHeight}px box`);
      }
    }
    const ctx = document.createElement('canvas').getContext('2d');
    // A closed select shows its chosen option on one line: every option must fit.
    for (const s of document.querySelectorAll('select')) {
      if (!shown(s)) continue;
      const cs = getComputedStyle(s);
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      // The room for the text: the box less its padding and the drop-down arrow.
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
      for (const o of s.options) {
        const text = ctx.measureText(o.text).width;
        if (text > room + 1) out.push(`<select name=${s.name || s.id}> option "${o.text}" is ${Math.round(text)}px wide, the select has ${Math.round(room)}px`);
      }
    }
    // A numbered list that clips its content (a scrolling log) clips its numbers too, which sit
    // in its left padding.
    for (const ol of document.querySelectorAll('ol')) {
      const cs = getComputedStyle(ol);
      const items = ol.querySelectorAll(':scope > li').length;
      if (!shown(ol) || cs.overflowX === 'visible' || cs.listStyleType === 'none' || !items) continue;
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const marker = ctx.measureText(`${items}. `).width;
      if (marker > parseFloat(cs.paddingLeft) + 1) out.push(`${name(ol)}: its number ${items} needs ${Math.round(marker)}px, it has ${cs.paddingLeft}`);
    }
    for (const svg of document.querySelectorAll('svg')) {
      if (!shown(svg)) continue;
      const vb = svg.viewBox.baseVal;
      for (const tx of svg.querySelectorAll('text')) {
        const b = tx.getBBox();
        if (b.width > 0 && (b.x < vb.x - 0.5 || b.x + b.width > vb.x + vb.width + 0.5)) {
          out.push(`board text "${tx.textContent}" reaches ${Math.round(b.x)}..${Math.round(b.x + b.width)} of ${vb.width}`);
        }
      }
    }
    return out;
  });
}

/**
 * What is cramped on the board: a hole's name, a pile's text (a Mandiri store's seat and player
 * too) or a count that touches the wood's border or leaves it, a hole's name over a pit or a count, a row's name over the wood. Returns
 * one line per problem; empty when everything has room.
 */
export function boardProblems(page, selector = 'svg.board') {
  return page.evaluate((sel) => {
    const out = [];
    // The room between a text and the border it must not touch, in the board's units (so that
    // a board drawn small, as the rules page's examples on a phone, is held to the same shape).
    const gap = 4;
    for (const svg of document.querySelectorAll(sel)) {
      if (svg.closest('[hidden]')) continue;
      const wood = svg.querySelector('.wood')?.getBoundingClientRect();
      if (!wood || !wood.width) continue;
      // The wood's border is drawn half outside its box, half inside.
      const border = parseFloat(getComputedStyle(svg.querySelector('.wood')).strokeWidth) || 0;
      const scale = wood.width / svg.querySelector('.wood').getBBox().width;
      const inset = (border / 2 + gap) * scale;
      const box = (e) => e.getBoundingClientRect();
      const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const inside = (r) => r.left >= wood.left + inset && r.right <= wood.right - inset && r.top >= wood.top + inset && r.bottom <= wood.bottom - inset;
      const texts = [...svg.querySelectorAll('.label, .pile-count, .pile-reserve, .count, .store-seat, .store-name')].filter((t) => t.textContent);
      for (const t of texts) {
        if (!inside(box(t))) out.push(`board text "${t.textContent}" (${t.getAttribute('class')}) touches or leaves the wood`);
      }
      const pits = [...svg.querySelectorAll('.pit')].map(box);
      const badges = [...svg.querySelectorAll('.badge')].map(box);
      for (const t of svg.querySelectorAll('.label')) {
        const r = box(t);
        if (pits.some((p) => meets(r, p)) || badges.some((b) => meets(r, b))) out.push(`hole name "${t.textContent}" overlaps a hole or a count`);
      }
      for (const t of svg.querySelectorAll('.row-name')) {
        const r = box(t);
        if (t.textContent && meets(r, wood)) out.push(`row name "${t.textContent}" touches the wood`);
        const s = box(svg);
        if (r.left < s.left || r.right > s.right) out.push(`row name "${t.textContent}" is cut off`);
      }
    }
    return out;
  }, selector);
}
