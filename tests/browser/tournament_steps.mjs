// What the tournaments' browser tests share: fresh names, a player registered from a page,
// the event as a page's player sees it through the API, a table's texts.

import assert from 'node:assert/strict';

/** A name no earlier run against the same server has taken. */
export const fresh = (stem) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

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
