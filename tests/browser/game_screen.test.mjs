// The game's first screen (docs/PAGE.md): at a phone's 390x844 and a desktop's 1280x800, in
// every language, a timed Raja Pasu game and a timed Raja Pasu Mandiri game show whose turn it
// is, every clock, the whole board and the game's actions (resign, and the draw offered by
// another player, to be answered) inside the window, without scrolling. Screenshots go to
// target/screens/, to be looked at.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { BASE, DESKTOP, PHONE, LANGS, REGION, useBrowser, openPage, keptGame, firstScreenProblems } from './browser.mjs';

useBrowser();

const SHOTS = new URL('../../target/screens/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

/** A JSON POST to the server, from the test (another player's device): its answer. */
async function post(path, body) {
  const r = await fetch(`${BASE}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

const inviteCode = (link) => new URL(link, BASE).searchParams.get('invite');

/** The games: created by the page (its seat kept where the page keeps it), the other seats
 *  taken by the test, one of whose players offers a draw. */
const GAMES = {
  'Raja Pasu': {
    async open(page) {
      const r = await keptGame(page, 'rajapasu', { kind: 'online', clock: '3+2', mode: 'match' });
      const friend = await post(`/api/games/${r.id}/join`, { invite: inviteCode(r.invite) });
      await post(`/api/games/${r.id}/draw`, { token: friend.token });
      return `/g/${r.id}`;
    },
    clocks: 2,
  },
  Mandiri: {
    async open(page) {
      const r = await keptGame(page, 'mandiri', { kind: 'online', clock: '3+2' });
      const friends = [];
      for (const link of r.invites) friends.push(await post(`/api/mandiri/games/${r.id}/join`, { invite: inviteCode(link) }));
      await post(`/api/mandiri/games/${r.id}/draw`, { token: friends[0].token });
      return `/m/${r.id}`;
    },
    clocks: 3,
  },
};

for (const [name, g] of Object.entries(GAMES)) {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`a timed ${name} game's first screen at ${viewport.width}x${viewport.height}, in every language`, async () => {
      const phone = viewport === PHONE;
      const { context, page } = await openPage('/', { viewport, phone, lang: 'en-GB' });
      try {
        const path = await g.open(page);
        for (const code of LANGS) {
          await page.evaluate((c) => localStorage.setItem('rajapasu.lang', c), code);
          await page.goto(`${BASE}${path}`);
          await page.waitForFunction((c) => document.documentElement.lang === c, code);
          await page.waitForFunction((n) => document.querySelectorAll('#clocks .clock').length === n && !document.getElementById('clocks').hidden, g.clocks);
          // The offer waits for an answer: the page's draw button accepts it.
          await page.waitForSelector('#draw[data-state="asked"]');
          await page.waitForSelector('#board .hole');
          const shot = `${SHOTS}/${name === 'Mandiri' ? 'mandiri' : 'raja-pasu'}-${code}-${viewport.width}.png`;
          await page.screenshot({ path: shot });
          assert.deepEqual(await firstScreenProblems(page), [], `${name} in ${code} at ${viewport.width} px (${shot})`);
          // Nothing to scroll to for the game itself: the window does not scroll to show it.
          assert.equal(await page.evaluate(() => window.scrollY), 0);
        }
      } finally {
        await context.close();
      }
    });
  }
}

test('the header of a phone is one line, its links behind the menu button', async () => {
  const { context, page } = await openPage('/', { viewport: PHONE, phone: true, lang: REGION.ta });
  try {
    await page.waitForSelector('#lang option', { state: 'attached' });
    const header = await page.evaluate(() => document.querySelector('header.top').getBoundingClientRect().height);
    assert.ok(header <= 60, `the header is ${header}px high`);
    assert.equal(await page.isVisible('header nav'), false);
    await page.click('#menu-button');
    assert.equal(await page.getAttribute('#menu-button', 'aria-expanded'), 'true');
    assert.ok(await page.isVisible('header nav a[href="/lobby"]'));
    assert.ok(await page.isVisible('#lang'));
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible('header nav'), false);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'menu-button');
  } finally {
    await context.close();
  }
});

// Example 6 of the rules: South's S6 ends round 1 of a match.
const ROUND_END = '[Rules "canonical"]\n[Position "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35"]\n[Result "*"]\n\n*\n';

test('on a phone the round\'s summary below the first screen comes into view', async () => {
  const { context, page } = await openPage('/', { viewport: PHONE, phone: true, lang: 'en-GB' });
  try {
    await page.check('input[name=kind][value=local]');
    await page.click('#new-game summary');
    await page.fill('textarea[name=record]', ROUND_END);
    await Promise.all([page.waitForURL(/\/g\//), page.click('#start')]);
    await page.waitForSelector('.hole.playable[data-hole="S6"]');
    await page.tap('[data-hole="S6"]');
    await page.waitForSelector('#round-summary:not([hidden])');
    await page.waitForFunction(() => {
      const r = document.getElementById('next-round').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    }, null, { timeout: 120000 });
  } finally {
    await context.close();
  }
});
