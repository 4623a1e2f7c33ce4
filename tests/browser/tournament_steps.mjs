// What the tournaments' browser tests share: fresh names, players registered in browsers of
// their own, the form sent, an event joined by its link, the players come to their games, the
// event as a page's player sees it through the API, a table's texts.

import assert from 'node:assert/strict';
import { PHONE, openPage } from './browser.mjs';

/** A name no earlier run against the same server has taken. */
export { fresh } from './browser.mjs';

/** Registers `name` from the page (its context keeps the session cookie). */
export async function register(page, name) {
  const status = await page.evaluate(async (name) => {
    const r = await fetch('/api/account/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password: 'a long secret' }) });
    return r.status;
  }, name);
  assert.equal(status, 201);
}

/** The event as the page's player sees it through the API. */
export const eventOf = (page, id) => page.evaluate(async (id) => (await fetch(`/api/tournaments/${id}`)).json(), id);

/** The texts of a table's body, row by row. */
export const cells = (page, table) => page.$$eval(`#${table} tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));

/** A browser for each of `names` (a phone where `views` says PHONE), each registered, on
 *  the tournaments' page. */
export async function players(names, views) {
  const ps = [];
  for (let k = 0; k < names.length; k++) {
    ps.push(await openPage('/tournaments', { viewport: views[k], phone: views[k] === PHONE }));
    await register(ps[k].page, names[k]);
  }
  return ps;
}

/** Sends the form filled on `page`: the event's link and id. */
export async function submitForm(page) {
  await page.click('#create-submit');
  await page.waitForURL(/\/t\/\w+$/);
  const url = page.url();
  return { url, id: new URL(url).pathname.split('/')[2] };
}

/** Each of `ps` opens the event's link and joins with its button (44 px high at least). */
export async function joinByLink(ps, url) {
  for (const p of ps) {
    await p.page.goto(url);
    await p.page.waitForSelector('#ev-join:not([hidden])');
    const h = await p.page.$eval('#ev-join', (b) => b.getBoundingClientRect().height);
    assert.ok(h >= 44, `Join is ${h} px high`);
    await p.page.click('#ev-join');
    await p.page.waitForSelector('#ev-join', { state: 'hidden' });
  }
}

/** Every page (not reloaded) shows its player's game; each player comes, and every page
 *  then links its game. */
export async function comeToGames(ps) {
  for (const p of ps) {
    await p.page.waitForSelector('#my-card:not([hidden])');
    await p.page.waitForSelector('#my-play:not([hidden]), #my-link:not([hidden])');
    if (await p.page.isVisible('#my-play')) await p.page.click('#my-play');
  }
  for (const p of ps) await p.page.waitForSelector('#my-link:not([hidden])');
}
